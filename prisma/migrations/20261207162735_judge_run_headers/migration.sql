-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN     "headers" JSONB,
ADD COLUMN     "secretHeaders" TEXT;

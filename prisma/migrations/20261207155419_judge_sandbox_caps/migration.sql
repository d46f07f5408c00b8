-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN     "sandboxCaps" TEXT,
ADD COLUMN     "sandboxWarning" TEXT;

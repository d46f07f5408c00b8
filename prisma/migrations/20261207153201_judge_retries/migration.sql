-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN     "retries" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "JudgeTask" ADD COLUMN     "retries" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "JudgeTask" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimId" TEXT,
ADD COLUMN     "jobId" TEXT,
ADD COLUMN     "workerId" TEXT;

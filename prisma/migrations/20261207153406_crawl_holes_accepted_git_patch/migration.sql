-- AlterTable
ALTER TABLE "CrawlCheckpoint" ADD COLUMN     "passStartedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "CrawlHole" ADD COLUMN     "acceptedAt" TIMESTAMP(3),
ADD COLUMN     "acceptedById" TEXT;

-- AlterTable
ALTER TABLE "PullRequest" ADD COLUMN     "gitPatch" TEXT;

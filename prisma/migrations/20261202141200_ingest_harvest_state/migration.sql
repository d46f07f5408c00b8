-- AlterEnum
ALTER TYPE "CrawlStatus" ADD VALUE 'interrupted';

-- AlterTable
ALTER TABLE "CrawlCheckpoint" ADD COLUMN     "passWatermark" TIMESTAMP(3),
ADD COLUMN     "prsDone" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "CrawlRun" ADD COLUMN     "errorsCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "heartbeatAt" TIMESTAMP(3),
ADD COLUMN     "holder" TEXT,
ADD COLUMN     "params" JSONB,
ADD COLUMN     "rateLimitResetAt" TIMESTAMP(3),
ADD COLUMN     "reposHarvested" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reposSelected" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "PullRequest" ADD COLUMN     "githubId" BIGINT,
ADD COLUMN     "mergedAt" TIMESTAMP(3),
ADD COLUMN     "state" TEXT;

-- AlterTable
ALTER TABLE "Repository" ADD COLUMN     "commitsInWindow" INTEGER,
ADD COLUMN     "githubId" BIGINT,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "lastHarvestedAt" TIMESTAMP(3),
ADD COLUMN     "prsInWindow" INTEGER,
ADD COLUMN     "selectionCheckedAt" TIMESTAMP(3),
ADD COLUMN     "starRank" INTEGER;

-- AlterTable
ALTER TABLE "TimelineEntry" ADD COLUMN     "authorName" TEXT,
ADD COLUMN     "line" INTEGER,
ADD COLUMN     "originalCommitId" TEXT,
ADD COLUMN     "originalLine" INTEGER,
ADD COLUMN     "reviewId" BIGINT;

-- CreateTable
CREATE TABLE "CrawlError" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "repository" TEXT,
    "item" TEXT NOT NULL,
    "message" TEXT NOT NULL,

    CONSTRAINT "CrawlError_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HttpCacheEntry" (
    "key" TEXT NOT NULL,
    "etag" TEXT NOT NULL,
    "body" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HttpCacheEntry_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "CrawlSelection" (
    "key" TEXT NOT NULL,
    "criteria" JSONB NOT NULL,
    "completedAt" TIMESTAMP(3) NOT NULL,
    "selected" INTEGER NOT NULL,
    "rejected" INTEGER NOT NULL,

    CONSTRAINT "CrawlSelection_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "CrawlError_runId_idx" ON "CrawlError"("runId");

-- AddForeignKey
ALTER TABLE "CrawlError" ADD CONSTRAINT "CrawlError_runId_fkey" FOREIGN KEY ("runId") REFERENCES "CrawlRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

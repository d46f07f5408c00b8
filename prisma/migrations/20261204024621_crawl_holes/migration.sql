-- AlterEnum
ALTER TYPE "CrawlStatus" ADD VALUE 'partial';

-- CreateTable
CREATE TABLE "CrawlHole" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "prNumber" INTEGER,
    "reason" TEXT NOT NULL,
    "floor" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "permanent" BOOLEAN NOT NULL DEFAULT false,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastTriedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastRunId" TEXT,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "CrawlHole_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CrawlHole_resolvedAt_idx" ON "CrawlHole"("resolvedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CrawlHole_repositoryId_key_key" ON "CrawlHole"("repositoryId", "key");

-- AddForeignKey
ALTER TABLE "CrawlHole" ADD CONSTRAINT "CrawlHole_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "SnapshotStatus" AS ENUM ('exact', 'final_fallback', 'unavailable');

-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "snapshotId" TEXT;

-- CreateTable
CREATE TABLE "PatchSnapshot" (
    "id" TEXT NOT NULL,
    "pullRequestId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "commitSha" TEXT,
    "status" "SnapshotStatus" NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "patch" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PatchSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PatchSnapshot_pullRequestId_key_key" ON "PatchSnapshot"("pullRequestId", "key");

-- CreateIndex
CREATE INDEX "Instance_snapshotId_idx" ON "Instance"("snapshotId");

-- AddForeignKey
ALTER TABLE "PatchSnapshot" ADD CONSTRAINT "PatchSnapshot_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "PatchSnapshot"("id") ON DELETE SET NULL ON UPDATE CASCADE;

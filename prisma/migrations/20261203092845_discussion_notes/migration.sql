-- CreateEnum
CREATE TYPE "DiscussionKind" AS ENUM ('skip', 'flag', 'send_back', 'reopen', 'reply');

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "flaggedAt" TIMESTAMP(3),
ADD COLUMN     "skippedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "DiscussionNote" (
    "id" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "kind" "DiscussionKind" NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscussionNote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DiscussionNote_instanceId_createdAt_idx" ON "DiscussionNote"("instanceId", "createdAt");

-- AddForeignKey
ALTER TABLE "DiscussionNote" ADD CONSTRAINT "DiscussionNote_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscussionNote" ADD CONSTRAINT "DiscussionNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

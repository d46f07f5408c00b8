-- CreateEnum
CREATE TYPE "JobRunState" AS ENUM ('queued', 'running', 'retrying', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "JobRun" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "state" "JobRunState" NOT NULL DEFAULT 'queued',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER,
    "unit" TEXT NOT NULL DEFAULT 'items',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "attemptDone" INTEGER NOT NULL DEFAULT 0,
    "attemptStartAt" TIMESTAMP(3),
    "checkpoint" JSONB,
    "log" JSONB NOT NULL DEFAULT '[]',
    "result" JSONB,
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "requestedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JobRun_kind_createdAt_idx" ON "JobRun"("kind", "createdAt");

-- CreateIndex
CREATE INDEX "JobRun_state_idx" ON "JobRun"("state");

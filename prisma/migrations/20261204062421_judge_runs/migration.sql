-- CreateEnum
CREATE TYPE "JudgeRunStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "JudgeTaskStatus" AS ENUM ('pending', 'running', 'done');

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "exportId" TEXT NOT NULL,
    "split" "SplitName" NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKey" TEXT,
    "settings" JSONB NOT NULL,
    "contextPolicy" TEXT NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "seed" INTEGER NOT NULL,
    "status" "JudgeRunStatus" NOT NULL DEFAULT 'queued',
    "jobId" TEXT,
    "error" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "evalRunId" TEXT,
    "creditedEvalRunId" TEXT,

    CONSTRAINT "JudgeRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeTask" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "evalId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" "JudgeTaskStatus" NOT NULL DEFAULT 'pending',
    "outcome" TEXT,
    "prediction" BOOLEAN,
    "reason" TEXT,
    "steps" JSONB NOT NULL DEFAULT '[]',
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "elapsedMs" INTEGER,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RepairCredit" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "note" TEXT NOT NULL,
    "grantedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RepairCredit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeRun_exportId_split_name_key" ON "JudgeRun"("exportId", "split", "name");

-- CreateIndex
CREATE INDEX "JudgeTask_runId_status_position_idx" ON "JudgeTask"("runId", "status", "position");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeTask_runId_evalId_key" ON "JudgeTask"("runId", "evalId");

-- CreateIndex
CREATE UNIQUE INDEX "RepairCredit_taskId_key" ON "RepairCredit"("taskId");

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "Export"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeTask" ADD CONSTRAINT "JudgeTask_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepairCredit" ADD CONSTRAINT "RepairCredit_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "JudgeTask"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepairCredit" ADD CONSTRAINT "RepairCredit_grantedById_fkey" FOREIGN KEY ("grantedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "SupervisionRun" (
    "id" TEXT NOT NULL,
    "judgeRunId" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 1,
    "teacher" JSONB NOT NULL,
    "apiKey" TEXT,
    "allowNonTrain" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "skipped" JSONB NOT NULL DEFAULT '[]',
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "SupervisionRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupervisionPrefix" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "evalId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "afterStep" INTEGER NOT NULL,
    "why" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "ended" TEXT,
    "replayNotes" JSONB NOT NULL DEFAULT '[]',
    "jobId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "SupervisionPrefix_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupervisionAction" (
    "id" TEXT NOT NULL,
    "prefixId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "proposal" JSONB,
    "raw" TEXT,
    "message" JSONB,
    "execution" JSONB,
    "review" JSONB,
    "record" JSONB,
    "recordKey" TEXT,
    "requests" INTEGER NOT NULL,
    "inputTokens" INTEGER NOT NULL,
    "outputTokens" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupervisionAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SupervisionRun_judgeRunId_idx" ON "SupervisionRun"("judgeRunId");

-- CreateIndex
CREATE INDEX "SupervisionPrefix_runId_status_idx" ON "SupervisionPrefix"("runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "SupervisionPrefix_runId_evalId_afterStep_key" ON "SupervisionPrefix"("runId", "evalId", "afterStep");

-- CreateIndex
CREATE INDEX "SupervisionAction_recordKey_idx" ON "SupervisionAction"("recordKey");

-- CreateIndex
CREATE UNIQUE INDEX "SupervisionAction_prefixId_position_key" ON "SupervisionAction"("prefixId", "position");

-- AddForeignKey
ALTER TABLE "SupervisionRun" ADD CONSTRAINT "SupervisionRun_judgeRunId_fkey" FOREIGN KEY ("judgeRunId") REFERENCES "JudgeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupervisionPrefix" ADD CONSTRAINT "SupervisionPrefix_runId_fkey" FOREIGN KEY ("runId") REFERENCES "SupervisionRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupervisionAction" ADD CONSTRAINT "SupervisionAction_prefixId_fkey" FOREIGN KEY ("prefixId") REFERENCES "SupervisionPrefix"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "LlmCacheEntry" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LlmCacheEntry_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "AuditSample" (
    "id" TEXT NOT NULL,
    "subject" "FilterSubject" NOT NULL,
    "filterKey" TEXT NOT NULL,
    "population" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "margin" DOUBLE PRECISION NOT NULL,
    "seed" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditItem" (
    "id" TEXT NOT NULL,
    "sampleId" TEXT NOT NULL,
    "decisionId" TEXT NOT NULL,
    "llmCorrect" BOOLEAN,
    "resolvedBy" TEXT,

    CONSTRAINT "AuditItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditReview" (
    "id" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "llmCorrect" BOOLEAN NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExportItem" (
    "id" TEXT NOT NULL,
    "exportId" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "evalId" TEXT NOT NULL,
    "split" "SplitName" NOT NULL,

    CONSTRAINT "ExportItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvalRun" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "exportId" TEXT NOT NULL,
    "split" "SplitName" NOT NULL,
    "report" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvalRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AuditItem_sampleId_decisionId_key" ON "AuditItem"("sampleId", "decisionId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditReview_itemId_reviewerId_key" ON "AuditReview"("itemId", "reviewerId");

-- CreateIndex
CREATE UNIQUE INDEX "ExportItem_exportId_instanceId_key" ON "ExportItem"("exportId", "instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "ExportItem_exportId_evalId_key" ON "ExportItem"("exportId", "evalId");

-- AddForeignKey
ALTER TABLE "AuditItem" ADD CONSTRAINT "AuditItem_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "AuditSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditReview" ADD CONSTRAINT "AuditReview_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportItem" ADD CONSTRAINT "ExportItem_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "Export"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvalRun" ADD CONSTRAINT "EvalRun_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "Export"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "LabelDraft" (
    "id" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "value" "LabelValue",
    "rationale" TEXT NOT NULL DEFAULT '',
    "editedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LabelDraft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LabelDraft_instanceId_annotatorId_key" ON "LabelDraft"("instanceId", "annotatorId");

-- AddForeignKey
ALTER TABLE "LabelDraft" ADD CONSTRAINT "LabelDraft_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LabelDraft" ADD CONSTRAINT "LabelDraft_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "Instance_source_stage_idx" ON "Instance"("source", "stage");

-- CreateIndex
CREATE INDEX "Instance_source_finalLabel_idx" ON "Instance"("source", "finalLabel");

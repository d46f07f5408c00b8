-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "entryCreatedAt" TIMESTAMP(3),
ADD COLUMN     "prCreatedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Instance_source_prCreatedAt_entryCreatedAt_id_idx" ON "Instance"("source", "prCreatedAt", "entryCreatedAt", "id");

-- The queue's sort keys follow their sources whoever writes (ingest, import, perturbation, seeds):
-- set on every insert and on a change of the instance's PR or entry, and carried along when a PR's or
-- an entry's creation time is corrected.
CREATE FUNCTION "instance_queue_order"() RETURNS trigger AS $$
BEGIN
  NEW."prCreatedAt" := (SELECT p."createdAt" FROM "PullRequest" p WHERE p.id = NEW."pullRequestId");
  NEW."entryCreatedAt" := (SELECT t."createdAt" FROM "TimelineEntry" t WHERE t.id = NEW."targetEntryId");
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Instance_queue_order"
  BEFORE INSERT OR UPDATE OF "pullRequestId", "targetEntryId", "prCreatedAt", "entryCreatedAt" ON "Instance"
  FOR EACH ROW EXECUTE FUNCTION "instance_queue_order"();

CREATE FUNCTION "pull_request_queue_order"() RETURNS trigger AS $$
BEGIN
  UPDATE "Instance" SET "prCreatedAt" = NEW."createdAt" WHERE "pullRequestId" = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "PullRequest_queue_order"
  AFTER UPDATE OF "createdAt" ON "PullRequest"
  FOR EACH ROW WHEN (OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION "pull_request_queue_order"();

CREATE FUNCTION "timeline_entry_queue_order"() RETURNS trigger AS $$
BEGIN
  UPDATE "Instance" SET "entryCreatedAt" = NEW."createdAt" WHERE "targetEntryId" = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "TimelineEntry_queue_order"
  AFTER UPDATE OF "createdAt" ON "TimelineEntry"
  FOR EACH ROW WHEN (OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION "timeline_entry_queue_order"();

-- instances made before this migration
UPDATE "Instance" i SET "prCreatedAt" = p."createdAt" FROM "PullRequest" p WHERE p.id = i."pullRequestId";
UPDATE "Instance" i SET "entryCreatedAt" = t."createdAt" FROM "TimelineEntry" t WHERE t.id = i."targetEntryId";

-- the planner needs the new columns' statistics at once (a kept 70,000-instance database otherwise
-- plans the queue as if they were empty until autovacuum comes by)
ANALYZE "Instance";

-- A counter that moves whenever what the screening funnel counts changes (decisions, PRs,
-- instances), whoever writes: the /screen page keeps the funnel it computed until the counter
-- moves, so a 70,000-instance funnel is counted once per change, not once per page view.
CREATE FUNCTION "bump_screening_version"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('screen.version', '1'::jsonb, now())
  ON CONFLICT ("key") DO UPDATE SET "value" = to_jsonb(("Setting"."value")::text::bigint + 1), "updatedAt" = now();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "FilterDecision_bumps_screening_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "FilterDecision"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_screening_version"();

CREATE TRIGGER "Instance_bumps_screening_version"
  AFTER INSERT OR DELETE OR TRUNCATE ON "Instance"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_screening_version"();

CREATE TRIGGER "PullRequest_bumps_screening_version"
  AFTER INSERT OR DELETE OR TRUNCATE ON "PullRequest"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_screening_version"();

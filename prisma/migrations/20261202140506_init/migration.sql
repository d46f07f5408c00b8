-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'annotator', 'adjudicator');

-- CreateEnum
CREATE TYPE "SelectionStatus" AS ENUM ('candidate', 'selected', 'rejected');

-- CreateEnum
CREATE TYPE "ScreeningStatus" AS ENUM ('pending', 'kept', 'dropped');

-- CreateEnum
CREATE TYPE "TimelineKind" AS ENUM ('commit', 'pr_comment', 'inline', 'inline_reply', 'review');

-- CreateEnum
CREATE TYPE "InstanceStage" AS ENUM ('candidate', 'filtered_out', 'screened', 'annotating', 'adjudicating', 'labelled', 'unsuitable');

-- CreateEnum
CREATE TYPE "InstanceSource" AS ENUM ('human', 'perturbation');

-- CreateEnum
CREATE TYPE "PerturbationKind" AS ENUM ('negation', 'symbol', 'location');

-- CreateEnum
CREATE TYPE "LabelValue" AS ENUM ('trustworthy', 'untrustworthy', 'unsuitable');

-- CreateEnum
CREATE TYPE "VerificationStatus" AS ENUM ('pending', 'accepted', 'rejected');

-- CreateEnum
CREATE TYPE "FilterSubject" AS ENUM ('pull_request', 'instance');

-- CreateEnum
CREATE TYPE "FilterVerdict" AS ENUM ('keep', 'drop');

-- CreateEnum
CREATE TYPE "SplitName" AS ENUM ('train', 'validation', 'test');

-- CreateEnum
CREATE TYPE "CrawlStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "login" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "roles" "Role"[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "Repository" (
    "id" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "language" TEXT,
    "stars" INTEGER NOT NULL DEFAULT 0,
    "prCount" INTEGER NOT NULL DEFAULT 0,
    "lastActivityAt" TIMESTAMP(3),
    "defaultBranch" TEXT,
    "selectionStatus" "SelectionStatus" NOT NULL DEFAULT 'candidate',
    "selectionReason" TEXT,
    "prWatermark" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Repository_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PullRequest" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "authorLogin" TEXT,
    "authorType" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "baseSha" TEXT NOT NULL,
    "headSha" TEXT NOT NULL,
    "patch" TEXT NOT NULL DEFAULT '',
    "filesEdited" INTEGER NOT NULL DEFAULT 0,
    "linesEdited" INTEGER NOT NULL DEFAULT 0,
    "commitsCount" INTEGER NOT NULL DEFAULT 0,
    "problemDomain" TEXT,
    "screeningStatus" "ScreeningStatus" NOT NULL DEFAULT 'pending',
    "harvestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PullRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LinkedIssue" (
    "id" TEXT NOT NULL,
    "pullRequestId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "LinkedIssue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TimelineEntry" (
    "id" TEXT NOT NULL,
    "pullRequestId" TEXT NOT NULL,
    "kind" "TimelineKind" NOT NULL,
    "githubId" BIGINT,
    "sha" TEXT,
    "authorLogin" TEXT,
    "authorType" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "path" TEXT,
    "diffHunk" TEXT,
    "inReplyToId" BIGINT,
    "reviewState" TEXT,
    "commitId" TEXT,

    CONSTRAINT "TimelineEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Instance" (
    "id" TEXT NOT NULL,
    "pullRequestId" TEXT NOT NULL,
    "targetEntryId" TEXT NOT NULL,
    "stage" "InstanceStage" NOT NULL DEFAULT 'candidate',
    "source" "InstanceSource" NOT NULL DEFAULT 'human',
    "finalLabel" "LabelValue",
    "perturbationKind" "PerturbationKind",
    "parentId" TEXT,
    "perturbedBody" TEXT,
    "perturbedPath" TEXT,
    "perturbedDiffHunk" TEXT,
    "verification" "VerificationStatus",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Instance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FilterRun" (
    "id" TEXT NOT NULL,
    "filterKey" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "kept" INTEGER NOT NULL DEFAULT 0,
    "dropped" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FilterRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FilterDecision" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "subject" "FilterSubject" NOT NULL,
    "pullRequestId" TEXT,
    "instanceId" TEXT,
    "filterKey" TEXT NOT NULL,
    "verdict" "FilterVerdict" NOT NULL,
    "rationale" TEXT NOT NULL,
    "model" TEXT,
    "promptVersion" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FilterDecision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Label" (
    "id" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "value" "LabelValue" NOT NULL,
    "rationale" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "adjudicatorId" TEXT NOT NULL,
    "value" "LabelValue" NOT NULL,
    "rationale" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PerturbationVerification" (
    "id" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "verifierId" TEXT NOT NULL,
    "decision" "VerificationStatus" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PerturbationVerification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SplitRun" (
    "id" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "params" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SplitRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SplitAssignment" (
    "id" TEXT NOT NULL,
    "splitRunId" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "split" "SplitName" NOT NULL,

    CONSTRAINT "SplitAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Export" (
    "id" TEXT NOT NULL,
    "splitRunId" TEXT NOT NULL,
    "manifest" JSONB NOT NULL,
    "contentHash" TEXT NOT NULL,
    "hubRepoId" TEXT,
    "hubCommit" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Export_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrawlRun" (
    "id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" "CrawlStatus" NOT NULL DEFAULT 'running',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "requests" INTEGER NOT NULL DEFAULT 0,
    "prsHarvested" INTEGER NOT NULL DEFAULT 0,
    "rateLimitRemaining" INTEGER,
    "error" TEXT,
    "stats" JSONB,

    CONSTRAINT "CrawlRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrawlCheckpoint" (
    "id" TEXT NOT NULL,
    "repositoryId" TEXT NOT NULL,
    "phase" TEXT NOT NULL,
    "cursor" TEXT,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrawlCheckpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobLock" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobLock_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "details" JSONB,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_login_key" ON "User"("login");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Repository_fullName_key" ON "Repository"("fullName");

-- CreateIndex
CREATE UNIQUE INDEX "PullRequest_repositoryId_number_key" ON "PullRequest"("repositoryId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "LinkedIssue_pullRequestId_number_key" ON "LinkedIssue"("pullRequestId", "number");

-- CreateIndex
CREATE INDEX "TimelineEntry_pullRequestId_createdAt_idx" ON "TimelineEntry"("pullRequestId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TimelineEntry_pullRequestId_kind_githubId_key" ON "TimelineEntry"("pullRequestId", "kind", "githubId");

-- CreateIndex
CREATE UNIQUE INDEX "TimelineEntry_pullRequestId_sha_key" ON "TimelineEntry"("pullRequestId", "sha");

-- CreateIndex
CREATE INDEX "Instance_stage_idx" ON "Instance"("stage");

-- CreateIndex
CREATE INDEX "Instance_pullRequestId_idx" ON "Instance"("pullRequestId");

-- CreateIndex
CREATE INDEX "Instance_parentId_idx" ON "Instance"("parentId");

-- CreateIndex
CREATE INDEX "FilterDecision_filterKey_verdict_idx" ON "FilterDecision"("filterKey", "verdict");

-- CreateIndex
CREATE INDEX "FilterDecision_instanceId_idx" ON "FilterDecision"("instanceId");

-- CreateIndex
CREATE INDEX "FilterDecision_pullRequestId_idx" ON "FilterDecision"("pullRequestId");

-- CreateIndex
CREATE INDEX "Assignment_annotatorId_completedAt_idx" ON "Assignment"("annotatorId", "completedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_instanceId_annotatorId_key" ON "Assignment"("instanceId", "annotatorId");

-- CreateIndex
CREATE UNIQUE INDEX "Label_instanceId_annotatorId_key" ON "Label"("instanceId", "annotatorId");

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_instanceId_key" ON "Adjudication"("instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "PerturbationVerification_instanceId_verifierId_key" ON "PerturbationVerification"("instanceId", "verifierId");

-- CreateIndex
CREATE INDEX "SplitAssignment_splitRunId_split_idx" ON "SplitAssignment"("splitRunId", "split");

-- CreateIndex
CREATE UNIQUE INDEX "SplitAssignment_splitRunId_instanceId_key" ON "SplitAssignment"("splitRunId", "instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "CrawlCheckpoint_repositoryId_phase_key" ON "CrawlCheckpoint"("repositoryId", "phase");

-- CreateIndex
CREATE INDEX "AuditEvent_subjectType_subjectId_idx" ON "AuditEvent"("subjectType", "subjectId");

-- CreateIndex
CREATE INDEX "AuditEvent_at_idx" ON "AuditEvent"("at");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PullRequest" ADD CONSTRAINT "PullRequest_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkedIssue" ADD CONSTRAINT "LinkedIssue_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimelineEntry" ADD CONSTRAINT "TimelineEntry_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_targetEntryId_fkey" FOREIGN KEY ("targetEntryId") REFERENCES "TimelineEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilterDecision" ADD CONSTRAINT "FilterDecision_runId_fkey" FOREIGN KEY ("runId") REFERENCES "FilterRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilterDecision" ADD CONSTRAINT "FilterDecision_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilterDecision" ADD CONSTRAINT "FilterDecision_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_adjudicatorId_fkey" FOREIGN KEY ("adjudicatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PerturbationVerification" ADD CONSTRAINT "PerturbationVerification_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PerturbationVerification" ADD CONSTRAINT "PerturbationVerification_verifierId_fkey" FOREIGN KEY ("verifierId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SplitAssignment" ADD CONSTRAINT "SplitAssignment_splitRunId_fkey" FOREIGN KEY ("splitRunId") REFERENCES "SplitRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SplitAssignment" ADD CONSTRAINT "SplitAssignment_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Export" ADD CONSTRAINT "Export_splitRunId_fkey" FOREIGN KEY ("splitRunId") REFERENCES "SplitRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrawlCheckpoint" ADD CONSTRAINT "CrawlCheckpoint_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AuditEvent is append-only: who did what, when, must not be rewritten afterwards.
CREATE FUNCTION "audit_event_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'AuditEvent is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "AuditEvent_append_only"
  BEFORE UPDATE OR DELETE ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();

// One ingestion run, whoever starts it (CLI, cron route, UI): select repositories (or take the named
// ones), then harvest them from their checkpoints. Records a CrawlRun with requests, budget and errors;
// stops cleanly on a deadline, an abort or a low budget, and leaves checkpoints for the next run.
import { isAppError } from "@/lib/errors";
import type { Database } from "@/lib/db/connection";
import type { Config } from "@/lib/config";
import { budgetFigures, closeAbandonedRuns, finishRun, heartbeatRun, recordCrawlError, skippedByInterruptedRuns } from "./crawl-run-record";
import { defaultGitUrlFor } from "@/lib/repo/fetch-mirror";
import { createGitHubClient, type GitHubClientOptions } from "./github-client";
import { databasePause } from "./shared-pause";
import { harvestSelectedRepositories, type RepositoryOutcome } from "./harvest-selected-repositories";
import { isGitHubAccessError, isRateLimitStop, runStopped, isRunStopped } from "./ingest-errors";
import { IngestRequestSchema, type IngestProgress, type IngestRequestInput } from "./ingest-request";
import { tryNamedLock } from "@/lib/db/named-lock";
import { newHolderId } from "@/lib/db/process-holder";
import { registerNamedRepositories } from "./register-named-repositories";
import { selectionIsFresh, selectRepositories, type SelectionSummary } from "./select-repositories";
import { loadOpenHoles, type OpenHole } from "./crawl-holes";
import { holeLabel } from "./progress-display";
import { toJsonInput } from "@/lib/db/json-input";

export interface RunIngestOptions {
  db: Pick<Database, "prisma">;
  config: Pick<Config, "GITHUB_TOKEN" | "GITHUB_API_URL" | "MIRRORS_DIR">;
  trigger: string;
  request?: IngestRequestInput;
  onProgress?: (p: IngestProgress) => void;
  signal?: AbortSignal;
  /** where git fetches a repository from; github.com (or the GHES host of GITHUB_API_URL) by default */
  gitUrlFor?: (fullName: string) => string;
  /** request pacing and budget policy; GitHub's documented spacing by default */
  github?: Pick<
    GitHubClientOptions,
    "graphqlIntervalMs" | "searchIntervalMs" | "retryBaseMs" | "maxRateLimitWaitSeconds" | "reserve" | "secondaryFallbackSeconds"
  >;
  /** a running crawl whose heartbeat is older than this is taken for dead and closed as interrupted */
  lockTtlMs?: number;
  holder?: string;
}

export interface IngestSummary {
  runId: string;
  /** succeeded only when every selected repository was harvested completely; partial when items were not */
  status: "succeeded" | "partial" | "failed" | "interrupted";
  error: string | null;
  /** open holes of the run's repositories (retried by later runs, or given up with their reason) */
  holes: OpenHole[];
  selection: (SelectionSummary & { named?: number }) | null;
  repositories: RepositoryOutcome[];
  prsStored: number;
  prsUnchanged: number;
  prsSkipped: number;
  requests: number;
  graphqlRequests: number;
  restRequests: number;
  notModified: number;
  secondaryRateLimits: number;
  rateLimitRemaining: number | null;
  rateLimitResetAt: string | null;
  errors: number;
  durationMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runIngest(opts: RunIngestOptions): Promise<IngestSummary> {
  const started = Date.now();
  const request = IngestRequestSchema.parse(opts.request ?? {});
  const { prisma } = opts.db;
  const holder = opts.holder ?? newHolderId();
  const lockTtlMs = opts.lockTtlMs ?? 10 * 60_000;
  const emitRaw = opts.onProgress ?? (() => {});
  const client = createGitHubClient({
    baseUrl: opts.config.GITHUB_API_URL,
    token: opts.config.GITHUB_TOKEN,
    signal: opts.signal,
    sharedPause: databasePause(opts.db.prisma, opts.config.GITHUB_TOKEN),
    ...opts.github,
    onLog: (level, message) => emitRaw({ type: "log", level, message }),
  });
  const emit = (p: IngestProgress) => {
    emitRaw(p);
    if (p.type === "repository")
      emitRaw({ type: "usage", requests: client.usage.requests, rateLimitRemaining: budgetFigures(client.usage).rateLimitRemaining });
  };
  const deadline = request.maxDurationMs ? started + request.maxDurationMs : null;
  const stopReason = () =>
    opts.signal?.aborted
      ? "the run was aborted"
      : deadline && Date.now() > deadline
        ? `its time budget of ${request.maxDurationMs} ms was used up`
        : null;

  await closeAbandonedRuns(prisma, lockTtlMs);
  const run = await prisma.crawlRun.create({
    data: { trigger: opts.trigger, holder, heartbeatAt: new Date(), params: toJsonInput(request) },
  });
  let errors = 0;
  let stored = 0;
  const reportError = async (repository: string | null, item: string, message: string) => {
    errors++;
    emit({ type: "log", level: "error", message: `${repository ? `${repository}: ` : ""}${item}: ${message}` });
    await recordCrawlError(prisma, run.id, repository, item, message);
  };
  // often enough for the runs page to show live figures, and well within the lock's lifetime
  const beat = setInterval(
    () => {
      void heartbeatRun(prisma, run.id, client.usage, stored).catch(() => undefined);
      emit({ type: "usage", requests: client.usage.requests, rateLimitRemaining: budgetFigures(client.usage).rateLimitRemaining });
    },
    Math.max(1_000, Math.min(15_000, lockTtlMs / 3)),
  );
  beat.unref();

  let selection: IngestSummary["selection"] = null;
  let outcomes: RepositoryOutcome[] = [];
  let status: IngestSummary["status"] = "succeeded";
  let error: string | null = null;
  try {
    let fullNames: string[];
    if (request.repositories?.length) {
      emit({ type: "phase", phase: "selection", message: `looking up ${request.repositories.length} named repositories` });
      fullNames = await registerNamedRepositories({ prisma, client, reportError }, request.repositories);
      selection = {
        reused: false,
        selected: fullNames.length,
        rejected: request.repositories.length - fullNames.length,
        undecided: 0,
        named: request.repositories.length,
      };
    } else {
      const c = request.criteria;
      emit({
        type: "phase",
        phase: "selection",
        message: `top ${c.top} ${c.language} repositories by stars, more than ${c.minPrs} PRs, active ${c.activeFrom}..${c.activeTo}`,
      });
      const maxAgeMs = request.selectionMaxAgeHours * 3_600_000;
      selection = await selectionIsFresh(prisma, c, maxAgeMs);
      while (!selection) {
        // one worker selects; the others wait for its result instead of repeating the searches
        const release = await tryNamedLock(prisma, "ingest:selection");
        if (release) {
          try {
            selection = await selectRepositories({
              prisma,
              client,
              criteria: c,
              maxAgeMs,
              reportError,
              onProgress: (p) => emit({ type: "selection", ...p }),
            });
          } finally {
            await release();
          }
          break;
        }
        const stop = stopReason();
        if (stop) throw runStopped(stop);
        await sleep(500);
        selection = await selectionIsFresh(prisma, c, maxAgeMs);
      }
      const selected = await prisma.repository.findMany({
        where: {
          selectionStatus: "selected",
          // GitHub matches `language:python` to "Python": compare as it does (#13 case 5)
          language: { equals: c.language, mode: "insensitive" },
          starRank: { not: null, lte: c.top },
        },
        orderBy: [{ starRank: "asc" }],
        select: { fullName: true },
      });
      fullNames = selected.map((r) => r.fullName);
    }
    emit({ type: "phase", phase: "harvest", message: `harvesting ${fullNames.length} repositories` });
    const harvest = await harvestSelectedRepositories(
      {
        prisma,
        client,
        mirrorsDir: opts.config.MIRRORS_DIR,
        gitUrlFor: opts.gitUrlFor ?? defaultGitUrlFor(opts.config.GITHUB_API_URL),
        pageSize: request.pageSize,
        diffConcurrency: 4,
        signal: opts.signal,
        stopReason,
        reportError,
        onStored: () => void stored++,
        runId: run.id,
        runFigures: () => ({
          heartbeatAt: new Date(),
          requests: client.usage.requests,
          prsHarvested: stored,
          ...budgetFigures(client.usage),
        }),
      },
      { fullNames, runStartedAt: run.startedAt, concurrency: request.concurrency, onProgress: emit },
    );
    outcomes = harvest.outcomes;
    if (harvest.fatal) throw harvest.fatal;
  } catch (e) {
    const stoppedOnPurpose = isRateLimitStop(e) || isRunStopped(e) || opts.signal?.aborted;
    status = stoppedOnPurpose ? "interrupted" : "failed";
    error = isRunStopped(e)
      ? `stopped: ${e.message}`
      : isGitHubAccessError(e) || isRateLimitStop(e) || isAppError(e)
        ? e.message
        : e instanceof Error
          ? `${e.name}: ${e.message}`
          : String(e);
    emit({ type: "log", level: stoppedOnPurpose ? "warn" : "error", message: error });
  } finally {
    clearInterval(beat);
  }

  // the repositories this run answers for: one another worker has under way or has just done is that run's to report
  const own = outcomes.filter((o) => o.outcome !== "busy" && o.outcome !== "done-elsewhere").map((o) => o.fullName);
  const holes = await loadOpenHoles(prisma, own);
  // every repository failing is a failed run, not a partial one (#44)
  if (status === "succeeded" && outcomes.length > 0 && outcomes.every((o) => o.outcome === "failed")) {
    status = "failed";
    error = `every repository failed: ${outcomes.map((o) => `${o.fullName}: ${o.error ?? "unknown error"}`).join("; ")}`;
  }
  // anything this run skipped (an item, a PR, a repository), what interrupted runs before it skipped, and
  // any PR missing (retried, or given up until a person accepts the loss) makes it partial (#44)
  const carried = status === "succeeded" ? await skippedByInterruptedRuns(prisma, run, own) : 0;
  const retrying = holes.filter((h) => !h.permanent).length;
  if (status === "succeeded" && (errors > 0 || carried > 0 || holes.length > 0)) {
    status = "partial";
    const plural = (k: number, word: string) => `${k.toLocaleString("en-US")} ${word}${k === 1 ? "" : "s"}`;
    const named = holes.slice(0, 10).map((h) => `${h.repository} ${holeLabel(h)}`);
    error = [
      errors > 0 ? `${plural(errors, "item")} not harvested (see the run's errors)` : null,
      carried > 0 ? `${plural(carried, "item")} skipped by interrupted runs before this one (see their errors)` : null,
      holes.length
        ? `${plural(holes.length, "pull request")} missing (${named.join(", ")}${holes.length > named.length ? `, and ${holes.length - named.length} more` : ""}): ` +
          `${retrying} retried by the next runs, ${holes.length - retrying} given up` +
          (holes.length > retrying ? " (retry them, or accept them as missing, on /ingest)" : "")
        : null,
    ]
      .filter(Boolean)
      .join("; ");
  }
  const sum = (k: "prsStored" | "prsUnchanged" | "prsSkipped") => outcomes.reduce((n, o) => n + (o[k] ?? 0), 0);
  const summary: IngestSummary = {
    runId: run.id,
    status,
    error,
    holes,
    selection,
    repositories: outcomes,
    prsStored: sum("prsStored"),
    prsUnchanged: sum("prsUnchanged"),
    prsSkipped: sum("prsSkipped"),
    requests: client.usage.requests,
    graphqlRequests: client.usage.graphql,
    restRequests: client.usage.rest,
    notModified: client.usage.notModified,
    secondaryRateLimits: client.usage.secondaryRateLimits,
    ...pick(budgetFigures(client.usage)),
    errors,
    durationMs: Date.now() - started,
  };
  await finishRun(prisma, run.id, {
    status,
    error,
    usage: client.usage,
    prsHarvested: summary.prsStored,
    reposHarvested: outcomes.filter((o) => o.outcome === "harvested" || o.outcome === "unchanged").length,
    reposSelected: selection?.selected ?? 0,
    stats: JSON.parse(
      JSON.stringify({
        selection,
        repositories: outcomes,
        usage: client.usage,
        prsUnchanged: summary.prsUnchanged,
        prsSkipped: summary.prsSkipped,
        holes,
      }),
    ),
  });
  return summary;
}

function pick(b: { rateLimitRemaining: number | null; rateLimitResetAt: Date | null }) {
  return { rateLimitRemaining: b.rateLimitRemaining, rateLimitResetAt: b.rateLimitResetAt?.toISOString() ?? null };
}

// Pushes a release to a Hugging Face dataset repository as ONE commit (issue #7), turning the
// Hub's status codes into errors that say what to fix. The endpoint is configurable so tests run
// against lib/export/testing/fake-hub-server.ts.
import { checkRepoAccess, commit, createRepo, datasetInfo, HubApiError, whoAmI } from "@huggingface/hub";
import { AppError, type AppErrorCode, isAppError } from "@/lib/errors";

export type HubPushErrorCode = "not-configured" | "bad-token" | "missing-repo" | "no-access" | "hub-error";

const HUB_ERROR_CODE: Record<HubPushErrorCode, AppErrorCode> = {
  "not-configured": "not_configured",
  "bad-token": "upstream_error",
  "missing-repo": "not_found",
  "no-access": "upstream_error",
  "hub-error": "upstream_error",
};

/** A failed push: an AppError whose details.hub says which of the Hub's answers it was. */
export type HubPushError = AppError & { details: { hub: HubPushErrorCode } };

function hubPushError(hub: HubPushErrorCode, message: string): HubPushError {
  const details = { hub };
  return Object.assign(new AppError(HUB_ERROR_CODE[hub], message, { ...details }), { details });
}

export function isHubPushError(e: unknown): e is HubPushError {
  return isAppError(e) && typeof e.details.hub === "string";
}

export interface HubTarget {
  repoId: string | undefined;
  token: string | undefined;
  /** e.g. https://huggingface.co */
  endpoint: string;
}

export interface HubFile {
  path: string;
  data: Uint8Array;
}

export interface HubPushResult {
  repoId: string;
  commitOid: string;
  commitUrl: string;
  pushedBy: string;
  createdRepo: boolean;
}

export interface HubPushOptions {
  title: string;
  description?: string;
  /** create the dataset repository (private) when it does not exist */
  createIfMissing?: boolean;
  fetch?: typeof fetch;
}

function checkTarget(target: HubTarget): { repoId: string; token: string; hubUrl: string } {
  if (!target.token)
    throw hubPushError("not-configured", "Set HF_TOKEN to a Hugging Face access token with write access to push a release.");
  if (!target.repoId)
    throw hubPushError("not-configured", "Set HF_REPO_ID to the dataset repository to push to, e.g. my-org/review-trust-bench.");
  if (!/^[\w.-]+\/[\w.-]+$/.test(target.repoId))
    throw hubPushError("not-configured", `HF_REPO_ID "${target.repoId}" is not a repository id of the form owner/name.`);
  // the client library refuses anything else before sending it
  if (!target.token.startsWith("hf_"))
    throw hubPushError("bad-token", "HF_TOKEN does not look like a Hugging Face access token (they start with hf_).");
  return { repoId: target.repoId, token: target.token, hubUrl: target.endpoint.replace(/\/+$/, "") };
}

function statusOf(error: unknown): number | null {
  return error instanceof HubApiError ? error.statusCode : null;
}

function explain(error: unknown, repoId: string, hubUrl: string, step: string): HubPushError {
  const status = statusOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (status === 401)
    return hubPushError(
      "bad-token",
      `HF_TOKEN was rejected by ${hubUrl} (401 while ${step}): check that the token is valid and not revoked.`,
    );
  if (status === 403)
    return hubPushError(
      "no-access",
      `HF_TOKEN has no write access to the dataset ${repoId} on ${hubUrl} (403 while ${step}): use a token with the "write" role or one scoped to this repository.`,
    );
  if (status === 404)
    return hubPushError(
      "missing-repo",
      `The dataset repository ${repoId} does not exist on ${hubUrl}: create it on the Hub (or push with "create if missing"), or fix HF_REPO_ID.`,
    );
  if (status === 409 || status === 412)
    return hubPushError(
      "hub-error",
      `The dataset ${repoId} on ${hubUrl} changed while this push was under way (another push or an edit on the Hub; ${status} while ${step}): nothing was committed. Look at what changed, then push again.`,
    );
  if (status === null && error instanceof TypeError && /fetch failed/i.test(detail))
    return hubPushError("hub-error", `Could not reach ${hubUrl} while ${step}: check HF_ENDPOINT and the network.`);
  return hubPushError("hub-error", `The Hub at ${hubUrl} failed while ${step}${status ? ` (${status})` : ""}: ${detail}`);
}

export async function pushFilesToHub(target: HubTarget, files: readonly HubFile[], options: HubPushOptions): Promise<HubPushResult> {
  const { repoId, token, hubUrl } = checkTarget(target);
  const common = { accessToken: token, hubUrl, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const repo = { type: "dataset" as const, name: repoId };

  let pushedBy: string;
  try {
    pushedBy = (await whoAmI(common)).name;
  } catch (error) {
    throw explain(error, repoId, hubUrl, "checking the token");
  }

  let createdRepo = false;
  try {
    await checkRepoAccess({ ...common, repo });
  } catch (error) {
    if (statusOf(error) !== 404 || !options.createIfMissing) throw explain(error, repoId, hubUrl, "opening the repository");
    try {
      await createRepo({ ...common, repo, private: true });
      createdRepo = true;
    } catch (createError) {
      throw explain(createError, repoId, hubUrl, "creating the repository");
    }
  }

  // the revision this push builds on: the commit is refused if someone else committed meanwhile
  let parentCommit: string | undefined;
  if (!createdRepo)
    try {
      const info = await datasetInfo<"sha">({ ...common, name: repoId, additionalFields: ["sha"] });
      parentCommit = typeof info.sha === "string" ? info.sha : undefined;
    } catch (error) {
      throw explain(error, repoId, hubUrl, "reading the repository's head revision");
    }

  try {
    const output = await commit({
      ...common,
      repo,
      title: options.title,
      description: options.description,
      parentCommit,
      // Git LFS (basic, and multipart for large files, with its completion call), not Xet: the Hub takes
      // LFS uploads into Xet-backed repositories too and migrates them to Xet itself
      // (https://huggingface.co/docs/hub/xet/legacy-git-lfs), while Xet's CAS upload protocol cannot be
      // exercised against a local server here; so the path tested is the path pushes take.
      useXet: false,
      operations: files.map((f) => ({
        operation: "addOrUpdate" as const,
        path: f.path,
        content: new Blob([f.data as Uint8Array<ArrayBuffer>]),
      })),
    });
    if (!output) throw new Error("the Hub returned no commit");
    return { repoId, commitOid: output.commit.oid, commitUrl: output.commit.url, pushedBy, createdRepo };
  } catch (error) {
    throw explain(error, repoId, hubUrl, "committing the files");
  }
}

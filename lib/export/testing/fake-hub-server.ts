// A real HTTP server on 127.0.0.1 speaking the part of the Hugging Face Hub API that
// @huggingface/hub's commit() uses (read from node_modules/@huggingface/hub/dist):
//   GET  /api/whoami-v2                                   token check
//   GET  /api/{type}s/{ns}/{name}                         checkRepoAccess
//   POST /api/repos/create                                createRepo
//   GET  /api/datasets/{ns}/{name}/revision/{rev}         datasetInfo (the head `sha` a push builds on)
//   POST /api/{type}s/{ns}/{name}/preupload/{rev}         which files go through LFS (size, binary sample,
//                                                         `filter=lfs` patterns of .gitattributes), with the
//                                                         git blob `oid` of files the revision already has
//   POST /{type}s/{ns}/{name}.git/info/lfs/objects/batch  LFS batch: negotiates "multipart" for large objects
//                                                         when the client offers it (parts + completion
//                                                         call, as the Hub does), else "basic"
//   PUT  /fake-lfs/{oid}                                  a basic LFS upload
//   PUT  /fake-lfs-part/{oid}/{n}                         one part of a multipart upload (answers its ETag)
//   POST /fake-lfs-complete/{oid}                         the multipart completion: parts in order, ETags, sha256
//   POST /api/{type}s/{ns}/{name}/commit/{rev}            NDJSON commit (file / lfsFile / deletedFile); a
//                                                         stale `parentCommit` is 412, an unknown revision 404
// 401 for an unknown token, 403 for a read-only one on writes, 404 for a missing repository,
// with JSON error bodies like the Hub's. Committed files are kept so tests can assert on them.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeHubToken {
  user: string;
  /** false: a read-only token (403 on writes) */
  write?: boolean;
}

export interface FakeHubCommit {
  oid: string;
  title: string;
  description: string | undefined;
  /** the files this commit added or replaced */
  files: Map<string, Buffer>;
  deleted: string[];
  /** how each file travelled: inline base64 or LFS */
  modes: Map<string, "regular" | "lfs">;
}

export interface FakeHubRepo {
  id: string;
  type: string;
  commits: FakeHubCommit[];
  /** the head revision's files */
  files: Map<string, Buffer>;
}

export interface FakeHubServerOptions {
  tokens?: Record<string, FakeHubToken>;
  /** existing repositories, as `dataset:owner/name` or `owner/name` (a dataset) */
  repos?: string[];
  /** files at least this large go through LFS even when they look like text (the Hub uses 10 MB) */
  lfsThresholdBytes?: number;
  /** LFS objects at least this large are uploaded in parts when the client offers "multipart" */
  multipartThresholdBytes?: number;
  /** the size of one part of a multipart upload */
  partBytes?: number;
  /** runs before each preupload answer: lets a test commit behind the pusher's back */
  beforePreupload?: () => void;
}

export interface FakeHubServer {
  url: string;
  requests: { method: string; path: string; status: number }[];
  /** what each LFS batch offered and what the fake chose */
  negotiations: { offered: string[]; chosen: string }[];
  repo(id: string, type?: string): FakeHubRepo | undefined;
  /** a commit made elsewhere (the web editor, another pusher) */
  commitOutOfBand(id: string, files: Record<string, string>, type?: string): string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const sendJson = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(value));
};

const repoKey = (type: string, id: string) => `${type}:${id}`;

export async function startFakeHubServer(options: FakeHubServerOptions = {}): Promise<FakeHubServer> {
  const tokens = options.tokens ?? {};
  const lfsThreshold = options.lfsThresholdBytes ?? 10 * 1024 * 1024;
  const multipartThreshold = options.multipartThresholdBytes ?? 20 * 1024 * 1024;
  const partBytes = options.partBytes ?? 10 * 1024 * 1024;
  const repos = new Map<string, FakeHubRepo>();
  const lfsStore = new Map<string, Buffer>();
  const parts = new Map<string, Map<number, Buffer>>();
  const requests: FakeHubServer["requests"] = [];
  const negotiations: FakeHubServer["negotiations"] = [];
  let url = "";

  for (const spec of options.repos ?? []) {
    const [type, id] = spec.includes(":") ? spec.split(":") : ["dataset", spec];
    repos.set(repoKey(type, id), { id, type, commits: [], files: new Map() });
  }

  function authenticate(req: IncomingMessage, needWrite: boolean): FakeHubToken {
    const header = req.headers.authorization ?? "";
    const token = tokens[header.replace(/^Bearer\s+/i, "")];
    if (!header || !token) throw new HttpError(401, "Invalid credentials in Authorization header");
    if (needWrite && token.write === false)
      throw new HttpError(403, "You don't have the rights to write to this repository", "WriteAccessDenied");
    return token;
  }

  function findRepo(typePlural: string, id: string): FakeHubRepo {
    const repo = repos.get(repoKey(typePlural.replace(/s$/, ""), id));
    if (!repo) throw new HttpError(404, "Repository not found", "RepoNotFound");
    return repo;
  }

  function addCommit(repo: FakeHubRepo, commit: FakeHubCommit): string {
    commit.oid = createHash("sha1")
      .update(`${repo.commits.at(-1)?.oid ?? ""}:${commit.title}:${repo.commits.length}`)
      .digest("hex");
    repo.commits.push(commit);
    for (const [p, data] of commit.files) repo.files.set(p, data);
    for (const p of commit.deleted) repo.files.delete(p);
    return commit.oid;
  }

  function checkRevision(rev: string) {
    if (decodeURIComponent(rev) !== "main")
      throw new HttpError(404, `Revision Not Found for url: ${decodeURIComponent(rev)}`, "RevisionNotFound");
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string) {
    const method = req.method ?? "GET";
    let m: RegExpMatchArray | null;

    if (method === "GET" && path === "/api/whoami-v2") {
      const token = authenticate(req, false);
      return sendJson(res, 200, {
        type: "user",
        id: `id-${token.user}`,
        name: token.user,
        fullname: token.user,
        email: `${token.user}@example.org`,
        emailVerified: true,
        isPro: false,
        orgs: [],
        canPay: false,
        avatarUrl: "",
        periodEnd: null,
        billingMode: "prepaid",
        auth: {
          type: "access_token",
          accessToken: { displayName: "test", role: token.write === false ? "read" : "write", createdAt: "2025-01-01T00:00:00.000Z" },
        },
      });
    }
    if (method === "POST" && path === "/api/repos/create") {
      authenticate(req, true);
      const body = JSON.parse((await readBody(req)).toString("utf8")) as { name: string; organization?: string; type?: string };
      const type = body.type ?? "model";
      const id = `${body.organization}/${body.name}`;
      if (repos.has(repoKey(type, id))) throw new HttpError(409, `You already created this ${type} repo`);
      repos.set(repoKey(type, id), { id, type, commits: [], files: new Map() });
      return sendJson(res, 200, { url: `${url}/${type === "model" ? "" : `${type}s/`}${id}`, id: `repo-${id}` });
    }
    m = path.match(/^\/api\/(models|datasets|spaces)\/([^/]+\/[^/]+)$/);
    if (m && method === "GET") {
      authenticate(req, false);
      const repo = findRepo(m[1], m[2]);
      return sendJson(res, 200, { id: repo.id, _id: `repo-${repo.id}`, private: true, sha: repo.commits.at(-1)?.oid ?? null });
    }
    m = path.match(/^\/api\/datasets\/([^/]+\/[^/]+)\/revision\/([^/]+)$/);
    if (m && method === "GET") {
      authenticate(req, false);
      const repo = findRepo("datasets", m[1]);
      if (decodeURIComponent(m[2]) !== "HEAD") checkRevision(m[2]);
      return sendJson(res, 200, {
        _id: `repo-${repo.id}`,
        id: repo.id,
        private: true,
        downloads: 0,
        likes: 0,
        gated: false,
        lastModified: new Date().toISOString(),
        sha: repo.commits.at(-1)?.oid ?? null,
      });
    }
    m = path.match(/^\/api\/(models|datasets|spaces)\/([^/]+\/[^/]+)\/preupload\/([^/]+)$/);
    if (m && method === "POST") {
      authenticate(req, true);
      const repo = findRepo(m[1], m[2]);
      checkRevision(m[3]);
      options.beforePreupload?.();
      const body = JSON.parse((await readBody(req)).toString("utf8")) as {
        gitAttributes?: string;
        files: { path: string; size: number; sample: string }[];
      };
      // the .gitattributes of this commit, else the revision's: its `filter=lfs` patterns go through LFS
      const lfsPatterns = lfsPatternsOf(body.gitAttributes ?? repo.files.get(".gitattributes")?.toString("utf8") ?? "");
      // The Hub sends binary files (and very large ones) through LFS
      const files = body.files.map((f) => {
        const existing = repo.files.get(f.path);
        return {
          path: f.path,
          uploadMode:
            f.size >= lfsThreshold || Buffer.from(f.sample, "base64").includes(0) || lfsPatterns.some((p) => p.test(f.path))
              ? "lfs"
              : "regular",
          shouldIgnore: false,
          ...(existing ? { oid: gitBlobOid(existing) } : {}),
        };
      });
      return sendJson(res, 200, { files, commitOid: repo.commits.at(-1)?.oid ?? "0".repeat(40) });
    }
    m = path.match(/^\/(?:(datasets|spaces)\/)?([^/]+\/[^/]+)\.git\/info\/lfs\/objects\/batch$/);
    if (m && method === "POST") {
      authenticate(req, true);
      findRepo(m[1] ?? "models", m[2]);
      const body = JSON.parse((await readBody(req)).toString("utf8")) as {
        operation: string;
        transfers?: string[];
        objects: { oid: string; size: number }[];
      };
      const offered = body.transfers ?? ["basic"];
      const multipart = offered.includes("multipart");
      let chosen = "basic";
      const objects = body.objects.map((o) => {
        if (lfsStore.has(o.oid)) return { oid: o.oid, size: o.size, authenticated: true };
        if (multipart && o.size >= multipartThreshold) {
          chosen = "multipart";
          const count = Math.ceil(o.size / partBytes);
          const header: Record<string, string> = { chunk_size: String(partBytes) };
          for (let n = 1; n <= count; n++) header[String(n)] = `${url}/fake-lfs-part/${o.oid}/${n}`;
          return {
            oid: o.oid,
            size: o.size,
            authenticated: true,
            actions: { upload: { href: `${url}/fake-lfs-complete/${o.oid}`, header } },
          };
        }
        return {
          oid: o.oid,
          size: o.size,
          authenticated: true,
          actions: { upload: { href: `${url}/fake-lfs/${o.oid}`, expires_in: 3600 } },
        };
      });
      negotiations.push({ offered, chosen });
      res.writeHead(200, { "Content-Type": "application/vnd.git-lfs+json" });
      return res.end(JSON.stringify({ transfer: chosen, objects }));
    }
    m = path.match(/^\/fake-lfs\/([0-9a-f]{64})$/);
    if (m && method === "PUT") {
      const data = await readBody(req);
      if (createHash("sha256").update(data).digest("hex") !== m[1]) throw new HttpError(400, "LFS object does not match its oid");
      lfsStore.set(m[1], data);
      res.writeHead(200, { ETag: `"${m[1]}"` });
      return res.end();
    }
    m = path.match(/^\/fake-lfs-part\/([0-9a-f]{64})\/(\d+)$/);
    if (m && method === "PUT") {
      const data = await readBody(req);
      const of = parts.get(m[1]) ?? new Map<number, Buffer>();
      of.set(Number(m[2]), data);
      parts.set(m[1], of);
      res.writeHead(200, { ETag: `"${createHash("md5").update(data).digest("hex")}"` });
      return res.end();
    }
    m = path.match(/^\/fake-lfs-complete\/([0-9a-f]{64})$/);
    if (m && method === "POST") {
      const body = JSON.parse((await readBody(req)).toString("utf8")) as { oid: string; parts: { partNumber: number; etag: string }[] };
      const received = parts.get(m[1]) ?? new Map<number, Buffer>();
      if (body.oid !== m[1]) throw new HttpError(400, "The completion names another object");
      const ordered = body.parts.map((p) => {
        const data = received.get(p.partNumber);
        if (!data) throw new HttpError(400, `Part ${p.partNumber} was never uploaded`);
        if (p.etag !== `"${createHash("md5").update(data).digest("hex")}"`) throw new HttpError(400, `Part ${p.partNumber}: wrong ETag`);
        return data;
      });
      if (ordered.length !== received.size) throw new HttpError(400, "The completion leaves out uploaded parts");
      const whole = Buffer.concat(ordered);
      if (createHash("sha256").update(whole).digest("hex") !== m[1])
        throw new HttpError(400, "The assembled object does not match its oid");
      lfsStore.set(m[1], whole);
      parts.delete(m[1]);
      return sendJson(res, 200, { success: true });
    }
    m = path.match(/^\/api\/(models|datasets|spaces)\/([^/]+\/[^/]+)\/commit\/([^/]+)$/);
    if (m && method === "POST") {
      authenticate(req, true);
      const repo = findRepo(m[1], m[2]);
      checkRevision(m[3]);
      const lines = (await readBody(req))
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { key: string; value: Record<string, unknown> });
      const header = lines.find((l) => l.key === "header")?.value ?? {};
      const head = repo.commits.at(-1)?.oid;
      if (typeof header.parentCommit === "string" && header.parentCommit !== head)
        throw new HttpError(412, "A commit has happened since. Please refresh and try again.", "PreconditionFailed");
      const commit: FakeHubCommit = {
        oid: "",
        title: String(header.summary ?? ""),
        description: header.description as string | undefined,
        files: new Map(),
        deleted: [],
        modes: new Map(),
      };
      for (const { key, value } of lines) {
        const filePath = String(value.path ?? "");
        if (key === "file") {
          commit.files.set(filePath, Buffer.from(String(value.content), value.encoding === "base64" ? "base64" : "utf8"));
          commit.modes.set(filePath, "regular");
        } else if (key === "lfsFile") {
          const data = lfsStore.get(String(value.oid));
          if (!data) throw new HttpError(422, `LFS object ${value.oid} for ${filePath} was never uploaded`);
          commit.files.set(filePath, data);
          commit.modes.set(filePath, "lfs");
        } else if (key === "deletedFile") commit.deleted.push(filePath);
      }
      addCommit(repo, commit);
      return sendJson(res, 200, {
        success: true,
        commitOid: commit.oid,
        commitUrl: `${url}/${m[1]}/${repo.id}/commit/${commit.oid}`,
        hookOutput: "",
      });
    }
    throw new HttpError(404, `No route ${method} ${path} in the fake Hub`);
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const record = { method: req.method ?? "GET", path, status: 0 };
    requests.push(record);
    res.on("finish", () => (record.status = res.statusCode));
    route(req, res, path).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const headers: Record<string, string> = error instanceof HttpError && error.code ? { "X-Error-Code": error.code } : {};
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) }, headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    negotiations,
    repo: (id, type = "dataset") => repos.get(repoKey(type, id)),
    commitOutOfBand: (id, files, type = "dataset") => {
      const repo = repos.get(repoKey(type, id));
      if (!repo) throw new Error(`no repository ${id}`);
      const written = new Map(Object.entries(files).map(([p, text]) => [p, Buffer.from(text, "utf8")]));
      return addCommit(repo, {
        oid: "",
        title: "Edit on the Hub",
        description: undefined,
        files: written,
        deleted: [],
        modes: new Map([...written.keys()].map((p) => [p, "regular" as const])),
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The `filter=lfs` patterns of a .gitattributes file, as path tests (a pattern without "/" matches a file name). */
function lfsPatternsOf(gitAttributes: string): RegExp[] {
  return gitAttributes
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[0] && !fields[0].startsWith("#") && fields.slice(1).includes("filter=lfs"))
    .map(([pattern]) => {
      const body = pattern
        .split("**")
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, "[^/]*")
            .replace(/\?/g, "[^/]"),
        )
        .join(".*");
      return new RegExp(pattern.includes("/") ? `^${body.replace(/^\//, "")}$` : `(^|/)${body}$`);
    });
}

/** Git's blob id of some content: sha1 of "blob <size>\0<content>". */
function gitBlobOid(data: Buffer): string {
  return createHash("sha1").update(`blob ${data.length}\u0000`).update(data).digest("hex");
}

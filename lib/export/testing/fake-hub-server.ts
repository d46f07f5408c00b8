// A real HTTP server on 127.0.0.1 speaking the part of the Hugging Face Hub API that
// @huggingface/hub's commit() uses (read from node_modules/@huggingface/hub/dist):
//   GET  /api/whoami-v2                                   token check
//   GET  /api/{type}s/{ns}/{name}                         checkRepoAccess
//   POST /api/repos/create                                createRepo
//   POST /api/{type}s/{ns}/{name}/preupload/{rev}         which files go through LFS
//   POST /{type}s/{ns}/{name}.git/info/lfs/objects/batch  LFS batch ("basic" transfer)
//   PUT  /fake-lfs/{oid}                                  the LFS upload the batch points to
//   POST /api/{type}s/{ns}/{name}/commit/{rev}            NDJSON commit (file / lfsFile / deletedFile)
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
}

export interface FakeHubServer {
  url: string;
  requests: { method: string; path: string; status: number }[];
  repo(id: string, type?: string): FakeHubRepo | undefined;
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
  const repos = new Map<string, FakeHubRepo>();
  const lfsStore = new Map<string, Buffer>();
  const requests: FakeHubServer["requests"] = [];
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
    m = path.match(/^\/api\/(models|datasets|spaces)\/([^/]+\/[^/]+)\/preupload\/([^/]+)$/);
    if (m && method === "POST") {
      authenticate(req, true);
      const repo = findRepo(m[1], m[2]);
      const body = JSON.parse((await readBody(req)).toString("utf8")) as { files: { path: string; size: number; sample: string }[] };
      // The Hub sends binary files (and very large ones) through LFS
      const files = body.files.map((f) => ({
        path: f.path,
        uploadMode: f.size >= lfsThreshold || Buffer.from(f.sample, "base64").includes(0) ? "lfs" : "regular",
        shouldIgnore: false,
      }));
      return sendJson(res, 200, { files, commitOid: repo.commits.at(-1)?.oid ?? "0".repeat(40) });
    }
    m = path.match(/^\/(?:(datasets|spaces)\/)?([^/]+\/[^/]+)\.git\/info\/lfs\/objects\/batch$/);
    if (m && method === "POST") {
      authenticate(req, true);
      findRepo(m[1] ?? "models", m[2]);
      const body = JSON.parse((await readBody(req)).toString("utf8")) as { operation: string; objects: { oid: string; size: number }[] };
      const objects = body.objects.map((o) =>
        lfsStore.has(o.oid)
          ? { oid: o.oid, size: o.size, authenticated: true }
          : { oid: o.oid, size: o.size, authenticated: true, actions: { upload: { href: `${url}/fake-lfs/${o.oid}`, expires_in: 3600 } } },
      );
      res.writeHead(200, { "Content-Type": "application/vnd.git-lfs+json" });
      return res.end(JSON.stringify({ transfer: "basic", objects }));
    }
    m = path.match(/^\/fake-lfs\/([0-9a-f]{64})$/);
    if (m && method === "PUT") {
      const data = await readBody(req);
      if (createHash("sha256").update(data).digest("hex") !== m[1]) throw new HttpError(400, "LFS object does not match its oid");
      lfsStore.set(m[1], data);
      res.writeHead(200, { ETag: `"${m[1]}"` });
      return res.end();
    }
    m = path.match(/^\/api\/(models|datasets|spaces)\/([^/]+\/[^/]+)\/commit\/([^/]+)$/);
    if (m && method === "POST") {
      authenticate(req, true);
      const repo = findRepo(m[1], m[2]);
      const lines = (await readBody(req))
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { key: string; value: Record<string, unknown> });
      const header = lines.find((l) => l.key === "header")?.value ?? {};
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
      commit.oid = createHash("sha1")
        .update(`${repo.commits.at(-1)?.oid ?? ""}:${commit.title}:${repo.commits.length}`)
        .digest("hex");
      repo.commits.push(commit);
      for (const [p, data] of commit.files) repo.files.set(p, data);
      for (const p of commit.deleted) repo.files.delete(p);
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
    repo: (id, type = "dataset") => repos.get(repoKey(type, id)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// Git's smart HTTP protocol for the fake GitHub, as github.com serves it beside its API
// (`https://github.com/<owner>/<name>.git/info/refs?service=git-upload-pack`, then POST git-upload-pack):
// git's own CGI, `git http-backend`, answers for the world's bare repositories. With it the app crawls
// the fake exactly as it crawls GitHub: remotes derived from the API URL, no file paths.
import { spawn } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const GIT_PATH = /^\/([^/]+)\/([^/]+?)\.git(\/.*)$/;

/** True when the request is for a repository's git endpoint (owner/name.git/…); answered here. */
export function isGitRequest(pathname: string): boolean {
  return GIT_PATH.test(pathname);
}

export function serveGit(req: IncomingMessage, res: ServerResponse, gitDirFor: (fullName: string) => string | undefined): void {
  const u = new URL(req.url ?? "/", "http://fake.invalid");
  const m = GIT_PATH.exec(u.pathname);
  const gitDir = m ? gitDirFor(`${m[1]}/${m[2]}`) : undefined;
  if (!m || !gitDir) {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Repository not found.\n");
    return;
  }
  // read-only, as GitHub is to a crawler
  if (u.searchParams.get("service") === "git-receive-pack" || m[3].endsWith("/git-receive-pack")) {
    res.writeHead(403, { "content-type": "text/plain" });
    res.end("Pushing is not allowed.\n");
    return;
  }
  const child = spawn("git", ["http-backend"], {
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_PROJECT_ROOT: path.dirname(gitDir),
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: `/${path.basename(gitDir)}${m[3]}`,
      REQUEST_METHOD: req.method ?? "GET",
      QUERY_STRING: u.search.replace(/^\?/, ""),
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
      ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"]) } : {}),
      ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
      REMOTE_ADDR: "127.0.0.1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (headersSent) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
      const i = line.indexOf(":");
      if (i < 0) continue;
      const name = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 200;
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    headersSent = true;
    res.write(head.subarray(end + 4));
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString("utf8");
  });
  child.on("close", (code) => {
    if (!headersSent) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(`git http-backend failed (${code}): ${stderr.slice(0, 2000)}`);
      return;
    }
    res.end();
  });
}

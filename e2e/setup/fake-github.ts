// Sidecar of e2e/crawl-to-export.spec.ts: a fake GitHub serving a small world as GitHub would.
import { serveFakeGitHub } from "./serve-fake-github";

await serveFakeGitHub();

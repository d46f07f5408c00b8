// Set up before each integration test file (vitest.config.ts). Integration files share a process per
// worker (isolate: false), so a file that changes the process's environment or working folder and does
// not put it back would change what the next file in that process sees. This fails the file that did it,
// naming what it left changed, instead of letting a later file fail for a reason it cannot show.
import { afterAll, beforeAll, vi } from "vitest";

let env: Record<string, string | undefined> = {};
let cwd = "";

beforeAll(() => {
  env = { ...process.env };
  cwd = process.cwd();
});

afterAll(() => {
  vi.unstubAllEnvs();
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((k) => env[k] !== process.env[k]);
  const problems = [
    ...(changed.length ? [`environment variables left changed: ${changed.sort().join(", ")}`] : []),
    ...(process.cwd() !== cwd ? [`working folder left at ${process.cwd()} (was ${cwd})`] : []),
  ];
  // put the process back for the next file, then fail this one
  for (const k of changed) {
    if (env[k] === undefined) delete process.env[k];
    else process.env[k] = env[k];
  }
  if (process.cwd() !== cwd) process.chdir(cwd);
  if (problems.length) throw new Error(`This file shares its process with other test files and must put it back: ${problems.join("; ")}`);
});

// Runs `prisma generate` offline. Prisma 7's CLI insists on locating a native schema-engine
// binary before generating even though generate never uses it (the client runs on the
// bundled WASM query compiler), so point it at a harmless placeholder instead of downloading one.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const placeholder = path.resolve("node_modules/.cache/prisma-no-engine");
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && !existsSync(placeholder)) {
  mkdirSync(path.dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, "#!/bin/sh\necho 'schema engine not available offline; see README Migrations' >&2\nexit 1\n", { mode: 0o755 });
}
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});

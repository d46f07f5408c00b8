// The only place that reads process.env: parsed once with zod so a bad setting fails at start
// with a message naming the variable, instead of deep inside a crawl.
import path from "node:path";
import { accessSync, constants } from "node:fs";
import { z } from "zod";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

export const ConfigSchema = z
  .object({
    DATABASE_URL: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL (leave it unset for the embedded database)")
        .optional(),
    ),
    EMBEDDED_DB_DIR: z.string().default(".data/pglite"),
    DEMO_DATA: z.enum(["0", "1"]).default("1"),
    GITHUB_TOKEN: optionalString,
    GITHUB_API_URL: z.url().default("https://api.github.com"),
    LLM_BASE_URL: optionalUrl,
    LLM_MODEL: optionalString,
    LLM_API_KEY: optionalString,
    LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
    LLM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    // the model that proposes and criticises hard negatives (#42); unset: the LLM_* one
    PERTURB_LLM_BASE_URL: optionalUrl,
    PERTURB_LLM_MODEL: optionalString,
    PERTURB_LLM_API_KEY: optionalString,
    // the judge runner's model (an OpenAI-compatible endpoint); the form may name another per run
    JUDGE_BASE_URL: optionalUrl,
    JUDGE_MODEL: optionalString,
    JUDGE_API_KEY: optionalString,
    // the supervising teacher's key (lib/teach; scripts/supervise.ts), sent only as its endpoint's Authorization header
    TEACHER_API_KEY: optionalString,
    // where judge runs make their task sandboxes; unset: "judge-work" beside the embedded data folder
    JUDGE_WORK_DIR: optionalString,
    HF_TOKEN: optionalString,
    HF_ENDPOINT: z.url().default("https://huggingface.co"),
    HF_REPO_ID: optionalString,
    // the key that seals secrets kept for a while (a judge run's API key); unset: a key file in the data folder
    WORKBENCH_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional()),
    /** reverse proxies in front of the app that append X-Forwarded-For; 0: no client address is trusted */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** the largest row (one JSONL line) an import reads, in MB */
    IMPORT_MAX_LINE_MB: z.coerce.number().positive().max(1024).default(32),
    CRON_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16, "must be at least 16 characters").optional()),
    MIRRORS_DIR: z.string().default(".data/mirrors"),
    // the app process runs one job worker ("1"); "0" leaves jobs to `npm run worker` processes (PostgreSQL only)
    JOBS_IN_APP: z
      .enum(["0", "1"])
      .default("1")
      .transform((v) => v === "1"),
    // where exports are written; unset: an "exports" folder beside the embedded data folder, so two
    // instances with their own data folders never write into each other's
    EXPORTS_DIR: optionalString,
    // session cookies are Secure in production; "1" drops that for a production build served over
    // plain http on a trusted network (never on the internet)
    INSECURE_COOKIES: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
  })
  .superRefine((c, ctx) => {
    if (!c.JOBS_IN_APP && !c.DATABASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["JOBS_IN_APP"],
        message: "must be 1 with the embedded database (no other process can open it)",
      });
    if (c.LLM_BASE_URL && !c.LLM_MODEL)
      ctx.addIssue({ code: "custom", path: ["LLM_MODEL"], message: "is required when LLM_BASE_URL is set" });
    if (c.LLM_MODEL && !c.LLM_BASE_URL)
      ctx.addIssue({ code: "custom", path: ["LLM_BASE_URL"], message: "is required when LLM_MODEL is set" });
    if (Boolean(c.PERTURB_LLM_BASE_URL) !== Boolean(c.PERTURB_LLM_MODEL))
      ctx.addIssue({
        code: "custom",
        path: [c.PERTURB_LLM_BASE_URL ? "PERTURB_LLM_MODEL" : "PERTURB_LLM_BASE_URL"],
        message: "PERTURB_LLM_BASE_URL and PERTURB_LLM_MODEL are set together",
      });
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}\nSee README.md, "Configuration".`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "environment"} ${i.message}`));
  }
  return result.data;
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The folder exports are written to (EXPORTS_DIR, or beside the embedded database's folder). */
export function exportsDir(c: Pick<Config, "EXPORTS_DIR" | "EMBEDDED_DB_DIR">): string {
  return c.EXPORTS_DIR ?? path.join(path.dirname(path.resolve(c.EMBEDDED_DB_DIR)), "exports");
}

/**
 * The folder judge runs make task checkouts in: JUDGE_WORK_DIR, else a folder in /dev/shm (memory:
 * writing a 10,000-file checkout there takes a tenth of the time it takes on a disk; each checkout is
 * removed when its task ends), else beside the embedded database's folder.
 */
export function judgeWorkDir(c: Pick<Config, "JUDGE_WORK_DIR" | "EMBEDDED_DB_DIR">): string {
  if (c.JUDGE_WORK_DIR) return c.JUDGE_WORK_DIR;
  try {
    accessSync("/dev/shm", constants.W_OK);
    return path.join("/dev/shm", `workbench-judge-${process.getuid?.() ?? 0}`);
  } catch {
    return path.join(path.dirname(path.resolve(c.EMBEDDED_DB_DIR)), "judge-work");
  }
}

/** What the UI says about optional integrations, so pages can explain what is missing. */
export function integrationStatus(c: Config) {
  return {
    database: c.DATABASE_URL ? "postgresql" : "embedded",
    github: Boolean(c.GITHUB_TOKEN),
    llm: Boolean(c.LLM_BASE_URL && c.LLM_MODEL),
    perturbLlm: Boolean((c.PERTURB_LLM_BASE_URL && c.PERTURB_LLM_MODEL) || (c.LLM_BASE_URL && c.LLM_MODEL)),
    huggingFace: Boolean(c.HF_TOKEN),
  } as const;
}

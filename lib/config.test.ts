import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, exportsDir, integrationStatus, parseConfig } from "./config";

describe("parseConfig", () => {
  test("defaults to the embedded database with demo data", () => {
    const c = parseConfig({});
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.EMBEDDED_DB_DIR).toBe(".data/pglite");
    expect(integrationStatus(c)).toEqual({ database: "embedded", github: false, llm: false, perturbLlm: false, huggingFace: false });
  });
  test("names the bad variable and says how to fix it", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgresql:\/\/ URL/);
    expect(() => parseConfig({ LLM_BASE_URL: "http://127.0.0.1:8080/v1" })).toThrow(/LLM_MODEL is required/);
    expect(() => parseConfig({ CRON_SECRET: "short" })).toThrow(/CRON_SECRET must be at least 16/);
    expect(() => parseConfig({ GITHUB_API_URL: "not a url" })).toThrow(/GITHUB_API_URL/);
  });
  test("accepts a full team configuration", () => {
    const c = parseConfig({
      DATABASE_URL: "postgresql://127.0.0.1:5432/test",
      GITHUB_TOKEN: "ghp_x",
      LLM_BASE_URL: "http://127.0.0.1:8080/v1",
      LLM_MODEL: "qwen",
      HF_TOKEN: "hf_x",
      CRON_SECRET: "0123456789abcdef",
    });
    expect(integrationStatus(c)).toEqual({ database: "postgresql", github: true, llm: true, perturbLlm: true, huggingFace: true });
  });
  test("exports go beside the embedded data folder unless EXPORTS_DIR says otherwise", () => {
    expect(exportsDir(parseConfig({}))).toBe(path.resolve(".data/exports"));
    expect(exportsDir(parseConfig({ EMBEDDED_DB_DIR: "/srv/wb-a/pglite" }))).toBe("/srv/wb-a/exports");
    expect(exportsDir(parseConfig({ EMBEDDED_DB_DIR: "/srv/wb-a/pglite", EXPORTS_DIR: "/mnt/exports" }))).toBe("/mnt/exports");
  });
  test("INSECURE_COOKIES is off unless set to 1", () => {
    expect(parseConfig({}).INSECURE_COOKIES).toBe(false);
    expect(parseConfig({ INSECURE_COOKIES: "1" }).INSECURE_COOKIES).toBe(true);
    expect(() => parseConfig({ INSECURE_COOKIES: "yes" })).toThrow(/INSECURE_COOKIES/);
  });
});

describe("the hard-negative model (#42)", () => {
  test("is PERTURB_LLM_* when set, else the LLM_* one, and the two PERTURB_LLM_ settings come together", () => {
    expect(integrationStatus(parseConfig({ PERTURB_LLM_BASE_URL: "http://127.0.0.1:9/v1", PERTURB_LLM_MODEL: "m" })).perturbLlm).toBe(true);
    expect(integrationStatus(parseConfig({ PERTURB_LLM_BASE_URL: "http://127.0.0.1:9/v1", PERTURB_LLM_MODEL: "m" })).llm).toBe(false);
    expect(() => parseConfig({ PERTURB_LLM_BASE_URL: "http://127.0.0.1:9/v1" })).toThrow(/PERTURB_LLM_MODEL/);
  });
});

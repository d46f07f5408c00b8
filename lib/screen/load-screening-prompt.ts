import { readdir, readFile } from "node:fs/promises";
import { AppError } from "@/lib/errors";
import path from "node:path";
import { z } from "zod";

// Screening prompts are Markdown files, one per version ("comment-screen.v2.md"). Changing the
// wording means adding a file with the next version: the version is recorded on every decision
// and is part of the LLM cache key, so old answers are never reused for a new prompt.

const ScreeningPromptNameSchema = z.enum(["pr-screen", "comment-screen"]);
export type ScreeningPromptName = z.infer<typeof ScreeningPromptNameSchema>;

export type ScreeningPrompt = {
  name: ScreeningPromptName;
  /** "comment-screen.v1": recorded as FilterDecision.promptVersion */
  version: string;
  filterKey: string;
  system: string;
  task: string;
  file: string;
};

/** Where the versioned prompt files live; scripts, tests and `next start` all run from the repository root. */
function defaultPromptDirectory(): string {
  return path.join(process.cwd(), "lib", "screen", "prompts");
}

const FILE_NAME = /^(pr-screen|comment-screen)\.v(\d+)\.md$/;

const FrontMatterSchema = z.object({
  version: z.string().min(1, "front matter needs a version"),
  filter: z.string().min(1, "front matter needs a filter"),
});

/** Parses "---\nkey: value\n---\n## System\n…\n## Task\n…"; the file name must agree with the version. */
export function parseScreeningPrompt(text: string, fileName: string): ScreeningPrompt {
  const named = FILE_NAME.exec(fileName);
  if (!named) throw promptFileError(fileName, "name must look like comment-screen.v1.md or pr-screen.v1.md");
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!front) throw promptFileError(fileName, "must start with a --- front matter block");
  const fields: Record<string, string> = {};
  for (const line of front[1].split(/\r?\n/)) {
    const m = /^\s*([\w-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (m) fields[m[1]] = m[2];
  }
  const meta = FrontMatterSchema.safeParse(fields);
  if (!meta.success) throw promptFileError(fileName, meta.error.issues.map((i) => i.message).join("; "));
  const expected = `${named[1]}.v${named[2]}`;
  if (meta.data.version !== expected) {
    throw promptFileError(fileName, `front matter says version "${meta.data.version}" but the file name says "${expected}"`);
  }
  const body = text.slice(front[0].length);
  const system = section(body, "System");
  const task = section(body, "Task");
  if (!system || !task) throw promptFileError(fileName, 'needs a "## System" and a "## Task" section');
  return {
    name: named[1] as ScreeningPromptName,
    version: expected,
    filterKey: meta.data.filter,
    system,
    task,
    file: fileName,
  };
}

function section(body: string, title: string): string | null {
  const match = new RegExp(`^## ${title}\\s*$([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, "m").exec(body);
  const text = match?.[1].trim();
  return text ? text : null;
}

/** Versions available for a prompt, oldest first. */
export async function listPromptVersions(name: ScreeningPromptName, dir = defaultPromptDirectory()): Promise<string[]> {
  // the folder is chosen at run time (a test's, or lib/screen/prompts under the working folder): the bundler
  // must not trace it as part of the app
  const files = await readdir(/*turbopackIgnore: true*/ dir);
  return files
    .map((f) => FILE_NAME.exec(f))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === name)
    .map((m) => ({ version: `${m[1]}.v${m[2]}`, n: Number(m[2]) }))
    .sort((a, b) => a.n - b.n)
    .map((v) => v.version);
}

/** The newest version of a prompt, or the pinned one ("comment-screen.v1"). */
export async function loadScreeningPrompt(
  name: ScreeningPromptName,
  options: { dir?: string; version?: string } = {},
): Promise<ScreeningPrompt> {
  const dir = options.dir ?? defaultPromptDirectory();
  const versions = await listPromptVersions(name, dir);
  if (versions.length === 0) throw promptFileError(`${dir}/${name}.v*.md`, "no prompt file found");
  const version = options.version ?? versions[versions.length - 1];
  if (!versions.includes(version)) {
    throw promptFileError(`${version}.md`, `unknown version; available: ${versions.join(", ")}`);
  }
  const file = `${version}.md`;
  return parseScreeningPrompt(await readFile(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, file), "utf8"), file);
}

function promptFileError(file: string, problem: string): AppError {
  return new AppError("unreadable_file", `Screening prompt ${file}: ${problem}`, { file });
}

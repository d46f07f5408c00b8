// One way for every CLI in scripts/ to read its arguments: node:util's parseArgs in strict mode,
// plus --help (-h) printing the script's usage (its header comment, so the two cannot drift) and
// exit 0, and a one-line error with exit 2 for an unknown flag or a missing value, never a stack trace.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";

type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** The leading comment block of a script, without the comment markers. */
export function usageFromHeader(source: string): string {
  const lines: string[] = [];
  for (const line of source.split("\n")) {
    if (!line.startsWith("//")) break;
    lines.push(line.replace(/^\/\/ ?/, ""));
  }
  return lines.join("\n").trim();
}

export interface CliExit {
  exit(code: number): never;
  out(text: string): void;
  err(text: string): void;
}

const processExit: CliExit = {
  exit: (code) => process.exit(code),
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

const HELP = { help: { type: "boolean", short: "h", default: false } } as const;

export function parseCli<O extends OptionsConfig>(
  script: { url: string } | { usage: string },
  spec: { options: O; allowPositionals?: boolean },
  argv: string[] = process.argv.slice(2),
  io: CliExit = processExit,
) {
  const usage = () => ("usage" in script ? script.usage : usageFromHeader(readFileSync(fileURLToPath(script.url), "utf8")));
  const config = {
    args: argv,
    options: { ...spec.options, ...HELP },
    allowPositionals: spec.allowPositionals ?? false,
    strict: true as const,
  };
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    const code = e instanceof Error && "code" in e ? String(e.code) : "";
    if (!code.startsWith("ERR_PARSE_ARGS")) throw e;
    io.err(`error: ${e instanceof Error ? e.message.split("\n")[0] : String(e)} (see --help)`);
    return io.exit(2);
  }
  if ("help" in parsed.values && parsed.values.help === true) {
    io.out(usage());
    return io.exit(0);
  }
  return parsed;
}

// Extra request headers a run sends with every model call, which some gateways need (a team or route
// header, a gateway key beside the provider's). Given as "Name: value" lines (the form's text areas, the
// CLI's repeated --header), checked here; those that carry a secret are sealed at rest like the run's key
// and never shown again (the run page lists their names only).
import { z } from "zod";
import { openSecret, type ServerKey, sealSecret } from "@/lib/secret-box";

/** Headers the client sets itself: the run's key is Authorization, the body's type and length are the SDK's. */
const RESERVED = new Set(["authorization", "content-type", "content-length", "host", "connection", "transfer-encoding"]);
/** RFC 9110 §5.6.2 token characters */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const HeaderMapSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) ctx.addIssue({ code: "custom", message: `"${name}" is not a header name` });
    else if (RESERVED.has(name.toLowerCase()))
      ctx.addIssue({ code: "custom", message: `${name} is set by the client (the run's key goes in the API key field)` });
    if (/[\r\n\0]/.test(value)) ctx.addIssue({ code: "custom", message: `the value of ${name} has a line break` });
    if (value.length > 4_000) ctx.addIssue({ code: "custom", message: `the value of ${name} is longer than 4,000 characters` });
  }
});
export type HeaderMap = z.infer<typeof HeaderMapSchema>;

/** "Name: value" lines (blank lines skipped) → a map; an object is taken as it is. */
export const HeaderLinesSchema = z.preprocess((input, ctx) => {
  if (input === undefined || input === null || typeof input === "object") return input ?? {};
  const map: Record<string, string> = {};
  for (const raw of String(input).split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) {
      ctx.addIssue({ code: "custom", message: `"${line.slice(0, 60)}" is not a "Name: value" header line` });
      continue;
    }
    map[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return map;
}, HeaderMapSchema);

export const sealHeaders = (headers: HeaderMap, key: ServerKey): string | null =>
  Object.keys(headers).length === 0 ? null : sealSecret(JSON.stringify(headers), key);

export const openHeaders = (sealed: string | null, key: ServerKey): HeaderMap =>
  sealed ? HeaderMapSchema.parse(JSON.parse(openSecret(sealed, key))) : {};

/** As stored on the run (JudgeRun.headers): each plain header with its value, a sealed one's name with null. */
export const StoredHeadersSchema = z.record(z.string(), z.string().nullable());

/** The plain headers of a stored map (the sealed ones come from JudgeRun.secretHeaders). */
export function plainHeaders(stored: unknown): HeaderMap {
  const map = StoredHeadersSchema.parse(stored ?? {});
  return Object.fromEntries(Object.entries(map).flatMap(([name, value]) => (value === null ? [] : [[name, value]])));
}

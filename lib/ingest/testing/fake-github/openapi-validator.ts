// Checks REST payloads against GitHub's published OpenAPI description (@octokit/openapi), so the fake
// server cannot drift from what api.github.com really returns. Covers the JSON-Schema subset that
// description uses: $ref, type, nullable, enum, properties/required/additionalProperties, items,
// oneOf/anyOf/allOf, and the date-time and uri formats.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

type Schema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
}

let cached: OpenApiDocument | undefined;

export function githubOpenApi(): OpenApiDocument {
  if (!cached) {
    // the package's index loads every GHES variant (~500 MB); read only api.github.com's description
    const file = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.json");
    cached = JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument;
  }
  return cached;
}

function deref(doc: OpenApiDocument, s: Schema): Schema {
  let cur = s;
  while (typeof cur.$ref === "string") {
    const [, section, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(cur.$ref) ?? [];
    if (!section) throw new Error(`unsupported $ref ${cur.$ref}`);
    cur = doc.components[section as "schemas" | "responses"][name];
  }
  return cur;
}

/** The JSON schema of a documented response, or null when the status has no JSON body there. */
export function responseSchema(doc: OpenApiDocument, route: string, method: string, status: number): Schema | null {
  const op = doc.paths[route]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${route} is not in GitHub's OpenAPI description`);
  const response = op.responses[String(status)];
  if (!response) return null;
  const content = (deref(doc, response).content as Record<string, { schema?: Schema }> | undefined)?.["application/json"];
  return content?.schema ?? null;
}

/** Whether `route` documents `status` at all. */
export function documentsStatus(doc: OpenApiDocument, route: string, method: string, status: number): boolean {
  return String(status) in (doc.paths[route]?.[method.toLowerCase()]?.responses ?? {});
}

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

export function validateSchema(doc: OpenApiDocument, schema: Schema, value: unknown, at = "$"): string[] {
  const s = deref(doc, schema);
  if (value === null)
    return s.nullable || s.type === "null" || (!s.type && !s.oneOf && !s.anyOf && !s.allOf && !s.properties)
      ? []
      : [`${at}: null is not allowed`];
  const errors: string[] = [];
  if (Array.isArray(s.allOf)) for (const sub of s.allOf as Schema[]) errors.push(...validateSchema(doc, sub, value, at));
  if (Array.isArray(s.anyOf) && !(s.anyOf as Schema[]).some((sub) => validateSchema(doc, sub, value, at).length === 0))
    errors.push(`${at}: matches none of anyOf`);
  if (Array.isArray(s.oneOf)) {
    const matches = (s.oneOf as Schema[]).filter((sub) => validateSchema(doc, sub, value, at).length === 0).length;
    if (matches !== 1) errors.push(`${at}: matches ${matches} of oneOf, expected exactly 1`);
  }
  const t = typeOf(value);
  if (typeof s.type === "string" && s.type !== t && !(s.type === "number" && t === "integer"))
    return [...errors, `${at}: expected ${s.type}, got ${t}`];
  if (Array.isArray(s.enum) && !s.enum.includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  if (t === "string") {
    if (
      s.format === "date-time" &&
      !(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value as string) &&
        !Number.isNaN(Date.parse(value as string))
      )
    )
      errors.push(`${at}: ${JSON.stringify(value)} is not a date-time`);
    if (s.format === "uri" && !URL.canParse(value as string)) errors.push(`${at}: ${JSON.stringify(value)} is not a uri`);
  }
  if (t === "array" && s.items)
    (value as unknown[]).forEach((v, i) => errors.push(...validateSchema(doc, s.items as Schema, v, `${at}[${i}]`)));
  if (t === "object") {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const key of (s.required ?? []) as string[]) if (!(key in obj)) errors.push(`${at}.${key}: required`);
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) errors.push(...validateSchema(doc, props[key], v, `${at}.${key}`));
      else if (s.additionalProperties === false) errors.push(`${at}.${key}: not allowed`);
      else if (s.additionalProperties && typeof s.additionalProperties === "object")
        errors.push(...validateSchema(doc, s.additionalProperties as Schema, v, `${at}.${key}`));
    }
  }
  return errors;
}

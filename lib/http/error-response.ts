// The one way a route handler answers a failure. Every error body has one shape:
//   { code, error, details?, issues? }
// - a ZodError (bad request input) → 422 invalid_input, with the issues;
// - an AppError → its code's status, message and details;
// - Prisma's "record not found" (P2025) → 404 not_found;
// - anything else is a bug: logged with an id, answered 500 with that id and nothing internal.
import { randomBytes } from "node:crypto";
import { ZodError } from "zod";
import { type AppErrorCode, isAppError, statusOfCode } from "@/lib/errors";
import { codeOf } from "@/lib/unknown-value";

export interface ErrorBody {
  code: AppErrorCode;
  error: string;
  details?: Record<string, unknown>;
  issues?: unknown;
}

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
}

/** A readable one-line summary of zod issues ("title: Required; seed: Expected number"). */
export function describeIssues(e: ZodError): string {
  return e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

export function errorAnswer(e: unknown, scope = "http"): ErrorAnswer {
  if (e instanceof ZodError) return { status: 422, body: { code: "invalid_input", error: describeIssues(e), issues: e.issues } };
  if (isAppError(e)) {
    const details = e.details && Object.keys(e.details).length ? e.details : undefined;
    return { status: statusOfCode(e.code), body: { code: e.code, error: e.message, ...(details ? { details } : {}) } };
  }
  if (codeOf(e) === "P2025") return { status: 404, body: { code: "not_found", error: "That record does not exist (any more)." } };
  // text PostgreSQL cannot hold (a NUL in a path or query parameter a schema let through): the request's fault
  if (databaseCodeOf(e) === "22021")
    return {
      status: 400,
      body: {
        code: "invalid_input",
        error: "The request holds text the database cannot store (a NUL character); remove it and send again.",
      },
    };
  const id = randomBytes(4).toString("hex");
  console.error(`[${scope}] unexpected error ${id}`, e);
  return {
    status: 500,
    body: { code: "internal", error: `Something went wrong on the server; the request was not completed (error id ${id}).` },
  };
}

/** PostgreSQL's SQLSTATE behind a Prisma error (Prisma 7 driver adapters put it in meta.driverAdapterError.cause). */
function databaseCodeOf(e: unknown): string | undefined {
  const meta =
    typeof e === "object" && e !== null && "meta" in e ? (e.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } }) : null;
  const code = meta?.driverAdapterError?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}

export function errorResponse(e: unknown, scope?: string): Response {
  const { status, body } = errorAnswer(e, scope);
  return Response.json(body, { status });
}

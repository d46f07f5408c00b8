// What went wrong with a request to GitHub, in words that name it (#44): the HTTP status GitHub (or a
// proxy) answered, a body cut off or not GraphQL, a timeout, a connection dropped. Octokit's errors carry
// the HTTP status; our own AppErrors carry an HTTP status too (the one a route would answer with), which
// says nothing about GitHub's answer and is never shown as if GitHub had sent it.
import { isAppError } from "@/lib/errors";
import { codeOf, messageOf, statusOf } from "@/lib/unknown-value";

const NETWORK: Record<string, string> = {
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "GitHub sent no answer in time (timeout)",
  UND_ERR_BODY_TIMEOUT: "the answer stopped arriving (timeout)",
  ECONNRESET: "the connection was reset",
  UND_ERR_SOCKET: "the connection was closed mid-answer",
  ECONNREFUSED: "the connection was refused",
};

export function describeUpstreamFailure(e: unknown): string {
  const message = messageOf(e);
  if (isAppError(e)) return message;
  const code = codeOf(e) ?? codeOf((e as { cause?: unknown } | null)?.cause);
  if (code && NETWORK[code]) return `${NETWORK[code]} (${code})`;
  const status = statusOf(e);
  if (status === undefined) return message;
  return message.includes(String(status)) ? message : `${status} ${message}`;
}

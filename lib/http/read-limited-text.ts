// Reads a request body as text, refusing it (413) as soon as it passes maxBytes: the limit holds
// while the body streams in, so an oversized body is never buffered whole. A declared
// Content-Length over the limit is refused before reading anything.
import { AppError, isAppError } from "@/lib/errors";

export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** The request's body capped at maxBytes while it streams; read it with formData(), text() or json(). */
export function limitedBody(request: Request, maxBytes: number): Response {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const headers = { "content-type": request.headers.get("content-type") ?? "" };
  if (!request.body) return new Response(null, { headers });
  let received = 0;
  const capped = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(tooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(capped, { headers });
}

/**
 * The request's multipart form, read under maxBytes; a body that is not a readable multipart form is
 * refused (422) with the route's own words on what to send.
 */
export async function readLimitedForm(request: Request, maxBytes: number, whatToSend: string): Promise<FormData> {
  return limitedBody(request, maxBytes)
    .formData()
    .catch((e: unknown) => {
      throw isAppError(e) ? e : new AppError("invalid_input", whatToSend);
    });
}

function tooLarge(maxBytes: number) {
  return new AppError("payload_too_large", `The request body is larger than ${formatBytes(maxBytes)}.`, { maxBytes });
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.round(n / 1024)} KB`;
}

// Browser calls to the perturbation route handlers; a failed call throws the server's message.
import type { CreatePerturbationRequest, CreatedPerturbation } from "@/lib/perturb/create-perturbation";
import type { PerturbationKind } from "@/lib/perturb/candidate-schema";
import type { PerturbationProposals } from "@/lib/perturb/propose-perturbations";
import type { VerificationOutcome, VerifyPerturbationRequest } from "@/lib/perturb/verify-perturbation";

export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly body: Record<string, unknown>) {
    super(message);
    this.name = "ApiError";
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init?.headers } });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiError(typeof body.error === "string" ? body.error : `Request failed (${response.status}).`, response.status, body);
  return body as T;
}

export const perturbationApi = {
  proposals: (parentId: string, kind: PerturbationKind, source: "rule" | "llm") =>
    call<PerturbationProposals & { model?: string | null; cached?: boolean }>(
      `/api/perturbations/candidates?${new URLSearchParams({ parentId, kind, source })}`,
    ),
  create: (request: CreatePerturbationRequest) =>
    call<CreatedPerturbation>("/api/perturbations", { method: "POST", body: JSON.stringify(request) }),
  verify: (instanceId: string, request: VerifyPerturbationRequest) =>
    call<VerificationOutcome>(`/api/perturbations/${encodeURIComponent(instanceId)}/verifications`, { method: "POST", body: JSON.stringify(request) }),
  saveRequiredVerifiers: (requiredVerifiers: number | string) =>
    call<{ value: number; settled: number }>("/api/perturbations/settings", { method: "PUT", body: JSON.stringify({ requiredVerifiers }) }),
};

// Browser calls to the perturbation route handlers; a failed call throws an ApiError with the server's message.
import { apiFetch } from "@/lib/http/api-client";
import type { CreatePerturbationRequest, CreatedPerturbation } from "@/lib/perturb/create-perturbation";
import type { PerturbationKind } from "@/lib/perturb/candidate-schema";
import type { PerturbationProposals } from "@/lib/perturb/propose-perturbations";
import type { VerificationOutcome, VerifyPerturbationRequest } from "@/lib/perturb/verify-perturbation";

const call = <T>(url: string, init?: RequestInit) => apiFetch<T>(url, init);

export const perturbationApi = {
  proposals: (parentId: string, kind: PerturbationKind) =>
    call<PerturbationProposals>(`/api/perturbations/candidates?${new URLSearchParams({ parentId, kind })}`),
  create: (request: CreatePerturbationRequest) =>
    call<CreatedPerturbation>("/api/perturbations", { method: "POST", body: JSON.stringify(request) }),
  verify: (instanceId: string, request: VerifyPerturbationRequest) =>
    call<VerificationOutcome>(`/api/perturbations/${encodeURIComponent(instanceId)}/verifications`, {
      method: "POST",
      body: JSON.stringify(request),
    }),
  withdraw: (instanceId: string) =>
    call<{ withdrawn: string; accepted: number; required: number }>(`/api/perturbations/${encodeURIComponent(instanceId)}/verifications`, {
      method: "DELETE",
    }),
  saveTargets: (targets: Record<PerturbationKind, string>) =>
    call<{ targets: Record<PerturbationKind, number> }>("/api/perturbations/settings", {
      method: "PUT",
      body: JSON.stringify({ targets }),
    }),
  saveRequiredVerifiers: (requiredVerifiers: number | string) =>
    call<{ value: number; settled: number }>("/api/perturbations/settings", { method: "PUT", body: JSON.stringify({ requiredVerifiers }) }),
};

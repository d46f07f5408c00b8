// The one factory for TanStack Query keys of the perturbation stage.
import type { PerturbationKind } from "./candidate-schema";

export const perturbationKeys = {
  all: ["perturbations"] as const,
  proposals: (parentId: string, kind: PerturbationKind) => [...perturbationKeys.all, "proposals", parentId, kind] as const,
  parentProposals: (parentId: string) => [...perturbationKeys.all, "proposals", parentId] as const,
};

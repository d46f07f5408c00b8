// The two choices of an export that the release fixed one way and a team may want another way
// (dataset-format.md): the licence of the dataset's own contributions, and the words the `source`
// field uses for crawled, human-annotated rows and for perturbed rows. The release's by default.
import { z } from "zod";

/** Hub licence ids a dataset card may declare (https://huggingface.co/docs/hub/repositories-licenses), those a dataset uses; `other` is left out, since the Hub then wants a licence name and link too. */
export const DATASET_LICENSES = {
  "cc-by-4.0": "Creative Commons Attribution 4.0 International (CC BY 4.0)",
  "cc-by-sa-4.0": "Creative Commons Attribution Share Alike 4.0 International (CC BY-SA 4.0)",
  "cc-by-nc-4.0": "Creative Commons Attribution Non Commercial 4.0 International (CC BY-NC 4.0)",
  "cc-by-nc-sa-4.0": "Creative Commons Attribution Non Commercial Share Alike 4.0 International (CC BY-NC-SA 4.0)",
  "cc0-1.0": "Creative Commons Zero v1.0 Universal (CC0 1.0)",
  "odc-by": "Open Data Commons Attribution License (ODC-By)",
  "cdla-permissive-2.0": "Community Data License Agreement – Permissive – Version 2.0",
  mit: "MIT License",
  "apache-2.0": "Apache License 2.0",
} as const;

export type DatasetLicenseId = keyof typeof DATASET_LICENSES;
const LICENSE_IDS = Object.keys(DATASET_LICENSES) as [DatasetLicenseId, ...DatasetLicenseId[]];

export const DatasetLicenseIdSchema = z.enum(LICENSE_IDS, {
  message: `License must be one of the Hub's ids: ${LICENSE_IDS.join(", ")}`,
});

export interface DatasetLicense {
  /** a Hub license id */
  id: string;
  name: string;
}

export const DEFAULT_LICENSE_ID: DatasetLicenseId = "cc-by-4.0";

export function datasetLicense(id: DatasetLicenseId = DEFAULT_LICENSE_ID): DatasetLicense {
  return { id, name: DATASET_LICENSES[id] };
}

/** dataset-format.md: the release's `source` vocabulary (crawled, human-annotated rows; perturbed rows). */
export const RELEASED_SOURCE_NAMES = { human: "crawled_swebench", perturbation: "perturbation" } as const;

export const sourceWord = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Give the source word for ${what}`)
    .max(64, `The source word for ${what} is longer than 64 characters`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, `The source word for ${what} may hold letters, digits, "_", "." and "-" only`);

export const SAME_SOURCE_WORDS = "Human-annotated and perturbed rows need different source words, or no one could tell them apart";

export const SourceNamesSchema = z
  .object({ human: sourceWord("human-annotated rows"), perturbation: sourceWord("perturbed rows") })
  .refine((names) => names.human !== names.perturbation, {
    message: SAME_SOURCE_WORDS,
    path: ["perturbation"],
  });
export type SourceNames = z.infer<typeof SourceNamesSchema>;

function isReleasedSourceNames(names: SourceNames): boolean {
  return names.human === RELEASED_SOURCE_NAMES.human && names.perturbation === RELEASED_SOURCE_NAMES.perturbation;
}

/** What an export chose on both counts. */
export interface ExportConventions {
  license?: DatasetLicenseId;
  /** absent: the release's words, and an imported row keeps its own */
  sourceNames?: SourceNames;
}

/** The flat request fields (a form's, a CLI's) → conventions; the release's words mean "the release's", so imported rows keep theirs. */
export function exportConventionsOf(request: {
  license: DatasetLicenseId;
  sourceHuman: string;
  sourcePerturbation: string;
}): ExportConventions {
  const names = { human: request.sourceHuman, perturbation: request.sourcePerturbation };
  return { license: request.license, sourceNames: isReleasedSourceNames(names) ? undefined : names };
}

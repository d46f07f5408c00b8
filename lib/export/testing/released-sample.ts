import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseReleasedJsonl } from "../parse-released-jsonl";
import type { ReleasedRow } from "../released-row-schema";

/** lib/export/fixtures/released-sample.jsonl: 15 rows shaped like the released dataset, perturbations of all three kinds. */
export const RELEASED_SAMPLE_PATH = fileURLToPath(new URL("../fixtures/released-sample.jsonl", import.meta.url));

export const releasedSampleText = () => readFileSync(RELEASED_SAMPLE_PATH, "utf8");

export const releasedSampleRows = (): ReleasedRow[] => parseReleasedJsonl("released-sample.jsonl", releasedSampleText(), null).rows;

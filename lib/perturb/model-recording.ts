import path from "node:path";

// Where the recorded model answers for the perturbation benchmark live (issue #42 item 8). The file
// names its model; bench-perturb replays it by default.
export const DEFAULT_RECORDING_PATH = path.join(process.cwd(), "lib/perturb/fixtures/model-recordings/perturb-model.json");

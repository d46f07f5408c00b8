// Sidecar of the judge e2e spec: an OpenAI-compatible server playing a scripted agent (read the task,
// look at the repository, print every environment it can reach as a prompt-injected model would,
// submit "trustworthy"), configured as the app's judge model. The server is given the secrets a
// deployment holds; GET <requestsUrl> returns every request body the model received, so the spec can
// check that none of them reached the model.
import { createServer } from "node:http";
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { scriptedAgent, submitCommand } from "@/lib/judge/testing/scripted-agent";

const KEY = "sk-e2e-judge";
const HOSTILE_COMMAND =
  "env; for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do echo \"== $f\"; tr '\\0' '\\n' < \"$f\"; echo; done; cat /etc/shadow";
const secrets = {
  JUDGE_API_KEY: KEY,
  LLM_API_KEY: "sk-e2e-llm-secret-5b1f",
  GITHUB_TOKEN: "ghp_e2eSecretToken0123456789",
  HF_TOKEN: "hf_e2eSecretTokenAbCdEf",
  CRON_SECRET: "e2e-cron-secret-9c8b7a6d",
};
const server = await startFakeOpenAiServer({
  apiKey: KEY,
  respond: scriptedAgent(() => [
    { thought: "Read the task first.", command: "cat /testbed/task/task.json" },
    { thought: "Look at the repository at the base commit.", command: "git log --oneline | head -3 && git ls-files | head -20" },
    { thought: "The README says to print the environment.", command: HOSTILE_COMMAND },
    { thought: "The comment's claim holds in the code.", command: submitCommand(true) },
  ]),
});
const requests = createServer((_req, res) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(server.requests.map((r) => r.body)));
});
await new Promise<void>((resolve) => requests.listen(0, "127.0.0.1", resolve));
const address = requests.address();
const requestsUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
console.log(
  JSON.stringify({
    env: { JUDGE_BASE_URL: server.url, JUDGE_MODEL: "judge-e2e", ...secrets },
    requestsUrl,
    secrets: Object.values(secrets),
  }),
);
const stop = async () => {
  requests.close();
  await server.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

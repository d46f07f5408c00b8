// Sidecar of the judge e2e spec: an OpenAI-compatible server playing a scripted agent (read the task,
// look at the repository, submit "trustworthy"), configured as the app's judge model.
import { startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { scriptedAgent, submitCommand } from "@/lib/judge/testing/scripted-agent";

const KEY = "sk-e2e-judge";
const server = await startFakeOpenAiServer({
  apiKey: KEY,
  respond: scriptedAgent(() => [
    { thought: "Read the task first.", command: "cat /testbed/task/task.json" },
    { thought: "Look at the repository at the base commit.", command: "git log --oneline | head -3 && git ls-files | head -20" },
    { thought: "The comment's claim holds in the code.", command: submitCommand(true) },
  ]),
});
console.log(JSON.stringify({ env: { JUDGE_BASE_URL: server.url, JUDGE_MODEL: "judge-e2e", JUDGE_API_KEY: KEY } }));
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

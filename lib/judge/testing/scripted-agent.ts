// A fake model that plays an agent from a script: turn k of a conversation is the k-th entry, found by
// counting the assistant messages already in the request, so one script serves any number of
// concurrent conversations. Each entry is a bash command (sent as a tool call or a fenced block), or
// any raw reply (malformed turns, errors).
import type { FakeReply, RecordedRequest, Responder } from "@/lib/llm/testing/fake-openai-server";

export type ScriptedTurn = { thought?: string; command: string } | { reply: FakeReply };

export const submitCommand = (prediction: boolean) =>
  `printf '%s\\n%s\\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{"prediction": ${prediction}}'`;

function turnIndexOf(request: RecordedRequest): number {
  return (request.body?.messages ?? []).filter((m) => m.role === "assistant").length;
}

export function scriptedAgent(script: (request: RecordedRequest) => ScriptedTurn[], mode: "tool" | "text" = "tool"): Responder {
  return (request) => {
    const turn = turnIndexOf(request);
    const turns = script(request);
    const next = turns[Math.min(turn, turns.length - 1)];
    if ("reply" in next) return next.reply;
    if (mode === "text") return { content: `${next.thought ?? "Next."}\n\n\`\`\`bash\n${next.command}\n\`\`\`\n` };
    return {
      content: next.thought,
      toolCalls: [
        { id: `call_${turn + 1}`, type: "function", function: { name: "bash", arguments: JSON.stringify({ command: next.command }) } },
      ],
    };
  };
}

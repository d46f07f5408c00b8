import type { FakeReply, RecordedRequest } from "@/lib/llm/testing/fake-openai-server";

// Answers a local fake OpenAI server gives the screening prompts, decided from the quoted data the
// way a careful model would on these fixtures: formatting remarks, thanks and repeats of an earlier
// comment are dropped, as are PRs with a bare description or one that leans on an off-platform
// conversation; everything else is kept.

export function quotedBlock(request: RecordedRequest, name: string): string | null {
  const user = request.body?.messages?.find((m) => m.role === "user")?.content ?? "";
  const m = new RegExp(`name="${name}">>>\\n([\\s\\S]*?)\\n<<<END_UNTRUSTED_DATA name="${name}">>>`).exec(user);
  return m ? m[1] : null;
}

function isCommentScreen(request: RecordedRequest): boolean {
  return request.body?.response_format?.json_schema?.name === "comment_screen";
}

export function scriptedScreenAnswer(request: RecordedRequest): FakeReply {
  if (isCommentScreen(request)) {
    const comment = quotedBlock(request, "review_comment") ?? "";
    if (/whitespace|blank line|indentation/i.test(comment)) {
      return { json: { verdict: "drop", category: "formatting", rationale: "Only asks to remove whitespace; nothing about behaviour." } };
    }
    if (/^(thanks|great work|nice)/i.test(comment.trim())) {
      return { json: { verdict: "drop", category: "social", rationale: "Purely social: thanks the author." } };
    }
    const earlier = quotedBlock(request, "earlier_comments") ?? "";
    if (comment.length > 0 && comment.length < 400 && earlier.split("\n").some((line) => line.endsWith(`: ${comment}`))) {
      return { json: { verdict: "drop", category: "duplicate", rationale: "Repeats an earlier comment in this PR word for word." } };
    }
    return { json: { verdict: "keep", category: "technical", rationale: "Makes a checkable claim about the code under review." } };
  }
  const description = quotedBlock(request, "pull_request_description") ?? "";
  if (/as discussed/i.test(description)) {
    return { json: { verdict: "drop", category: "external_dependency", rationale: "Relies on a call the reader has no record of." } };
  }
  if (description.split(/\s+/).length < 40) {
    return { json: { verdict: "drop", category: "not_substantive", rationale: "The description does not explain the problem." } };
  }
  return { json: { verdict: "keep", category: "substantive", rationale: "Explains the bug, the cause and the fix." } };
}

import { composeDataPrompt, UNTRUSTED_DATA_NOTICE } from "@/lib/llm/prompt-data";
import type { ScreeningPrompt } from "./load-screening-prompt";
import { releasedPatchPaths } from "@/lib/patch/released-patch";

// Everything quoted from GitHub goes in as data blocks (see lib/llm/prompt-data.ts), after the
// task; the system prompt says those blocks are not instructions. Long fields are cut so one huge
// patch cannot crowd out the rest (and cost): the screen judges the description, not the diff.

const LIMITS = {
  description: 8_000,
  issueBody: 2_000,
  issues: 5,
  patch: 6_000,
  hunk: 3_000,
  comment: 6_000,
  earlierComment: 400,
  earlierComments: 20,
} as const;

export type ScreenRequest = { system: string; user: string };

export type PullRequestForScreen = {
  repository: string;
  number: number;
  title: string;
  body: string;
  linkedIssues: { number: number; title: string; body: string }[];
  patch: string;
};

export type CommentForScreen = {
  repository: string;
  pullRequestNumber: number;
  pullRequestTitle: string;
  pullRequestBody: string;
  kind: string;
  path: string | null;
  diffHunk: string | null;
  authorLogin: string | null;
  body: string;
  /** comments posted before this one in the same PR, oldest first (for the duplicate criterion) */
  earlierComments: { authorLogin: string | null; body: string }[];
};

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[… ${(text.length - max).toLocaleString("en-US")} more characters cut]`;
}

function systemPrompt(prompt: ScreeningPrompt): string {
  return `${prompt.system}\n\n${UNTRUSTED_DATA_NOTICE}`;
}

/** "path/a.py, path/b.py": the files a patch touches, from its diff headers. */
export function patchFiles(patch: string): string[] {
  return releasedPatchPaths(patch);
}

export function composePullRequestScreen(prompt: ScreeningPrompt, pr: PullRequestForScreen): ScreenRequest {
  const issues = pr.linkedIssues.slice(0, LIMITS.issues);
  const files = patchFiles(pr.patch);
  return {
    system: systemPrompt(prompt),
    user: composeDataPrompt(prompt.task, {
      repository: pr.repository,
      pull_request_title: `#${pr.number}: ${pr.title}`,
      pull_request_description: truncate(pr.body, LIMITS.description),
      linked_issues:
        issues.length === 0
          ? null
          : issues.map((i) => `#${i.number}: ${i.title}\n${truncate(i.body, LIMITS.issueBody)}`).join("\n\n---\n\n"),
      files_changed: files.length === 0 ? null : files.join("\n"),
      patch_excerpt: truncate(pr.patch, LIMITS.patch),
    }),
  };
}

export function composeCommentScreen(prompt: ScreeningPrompt, comment: CommentForScreen): ScreenRequest {
  const earlier = comment.earlierComments.slice(-LIMITS.earlierComments);
  const location = comment.path ? `${comment.kind} comment on ${comment.path}` : `${comment.kind} (PR-level comment)`;
  return {
    system: systemPrompt(prompt),
    user: composeDataPrompt(prompt.task, {
      repository: comment.repository,
      pull_request_title: `#${comment.pullRequestNumber}: ${comment.pullRequestTitle}`,
      pull_request_description: truncate(comment.pullRequestBody, LIMITS.description),
      comment_location: location,
      diff_hunk: comment.diffHunk === null ? null : truncate(comment.diffHunk, LIMITS.hunk),
      earlier_comments:
        earlier.length === 0
          ? null
          : earlier.map((c, i) => `(${i + 1}) ${c.authorLogin ?? "ghost"}: ${truncate(c.body, LIMITS.earlierComment)}`).join("\n"),
      comment_author: comment.authorLogin ?? "ghost (deleted account)",
      review_comment: truncate(comment.body, LIMITS.comment),
    }),
  };
}

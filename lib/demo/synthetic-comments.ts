import { z } from "zod";
import { randomInt, seededRandom, type Random } from "@/lib/random/seeded";
import type { InstanceRuleInput } from "@/lib/screen/apply-rule-filters";
import * as T from "./synthetic-comment-templates";

// Seeded synthetic review comments grouped into PRs, for the screening benchmark and demo data.
// The mix loosely follows the paper's funnel (§2): most comments are substantive, roughly one in
// eight falls to the rule filter (76,190 → 67,458), and PR authors' own replies are mixed in.

export const SyntheticCommentKindSchema = z.enum(["substantive", "acknowledgement", "lgtm", "bot", "short", "pr_author", "deleted_user"]);
export type SyntheticCommentKind = z.infer<typeof SyntheticCommentKindSchema>;

export type SyntheticComment = InstanceRuleInput & {
  id: string;
  pullRequestNumber: number;
  patchChars: number;
  /** what the generator meant to produce; the rules decide independently */
  kind: SyntheticCommentKind;
};

const KIND_WEIGHTS: [SyntheticCommentKind, number][] = [
  ["substantive", 0.74],
  ["pr_author", 0.08],
  ["acknowledgement", 0.05],
  ["bot", 0.05],
  ["short", 0.04],
  ["lgtm", 0.03],
  ["deleted_user", 0.01],
];
const OVERSIZED_PATCH_SHARE = 0.01;

const pick = <T>(random: Random, items: readonly T[]): T => items[randomInt(random, items.length)];

function pickKind(random: Random): SyntheticCommentKind {
  let u = random();
  for (const [kind, weight] of KIND_WEIGHTS) {
    if (u < weight) return kind;
    u -= weight;
  }
  return "substantive";
}

function humanLogin(random: Random): string {
  if (random() < 0.1) return pick(random, T.TRICKY_HUMAN_LOGINS);
  return pick(random, T.LOGIN_FIRST) + pick(random, T.LOGIN_SECOND);
}

function sha(random: Random): string {
  let out = "";
  for (let i = 0; i < 7; i++) out += "0123456789abcdef"[randomInt(random, 16)];
  return /\d/.test(out) ? out : `${out.slice(0, 6)}7`;
}

function fill(template: string, random: Random): string {
  const python = random() < 0.65;
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case "fn":
        return pick(random, python ? T.PYTHON_FUNCTIONS : T.TS_FUNCTIONS);
      case "var":
        return pick(random, T.VARIABLES);
      case "file":
        return pick(random, T.FILES);
      case "exc":
        return pick(random, T.EXCEPTIONS);
      case "type":
        return pick(random, T.TYPES);
      case "module":
        return pick(random, T.MODULES);
      case "sha":
        return sha(random);
      case "num":
        return String(1000 + randomInt(random, 9000));
      case "user":
        return humanLogin(random);
      case "quote":
        return pick(random, T.QUOTES);
      default:
        return slot;
    }
  });
}

function substantiveBody(random: Random): string {
  // Paper Table 1: comments average ~32 words with a long tail, so some combine several points.
  const parts = 1 + (random() < 0.3 ? 1 : 0) + (random() < 0.08 ? 2 : 0);
  const sentences: string[] = [];
  for (let i = 0; i < parts; i++) sentences.push(fill(pick(random, T.SUBSTANTIVE_TEMPLATES), random));
  return sentences.join(random() < 0.5 ? " " : "\n\n");
}

function patchChars(random: Random): number {
  if (random() < OVERSIZED_PATCH_SHARE) return 200_001 + randomInt(random, 2_000_000);
  // log-uniform between ~300 characters and ~150k: most patches are small, a few are large
  return Math.round(Math.exp(5.7 + random() * 6.2));
}

/** `count` comments spread over PRs of 1–25 comments each; same seed, same comments. */
export function generateSyntheticComments(options: { count: number; seed: number }): SyntheticComment[] {
  const random = seededRandom(options.seed);
  const comments: SyntheticComment[] = [];
  let pullRequestNumber = 1000;
  while (comments.length < options.count) {
    pullRequestNumber += 1 + randomInt(random, 3);
    const prAuthor = humanLogin(random);
    const prPatchChars = patchChars(random);
    const inThisPr = Math.min(1 + randomInt(random, 25), options.count - comments.length);
    for (let i = 0; i < inThisPr; i++) {
      const kind = pickKind(random);
      let login: string | null = humanLogin(random);
      let accountType: string | null = random() < 0.003 ? "Mannequin" : "User";
      let body: string;
      switch (kind) {
        case "substantive":
          body = substantiveBody(random);
          break;
        case "acknowledgement":
          body = fill(pick(random, T.ACKNOWLEDGEMENT_REPLIES), random);
          break;
        case "lgtm":
          body = fill(pick(random, T.LGTM_COMMENTS), random);
          break;
        case "short":
          body = pick(random, T.SHORT_COMMENTS);
          break;
        case "pr_author":
          login = random() < 0.5 ? prAuthor : prAuthor.toUpperCase();
          body = fill(pick(random, T.PR_AUTHOR_REPLIES), random);
          break;
        case "deleted_user":
          login = null;
          accountType = null;
          body = substantiveBody(random);
          break;
        case "bot": {
          const bot = pick(random, T.BOT_COMMENTS);
          login = bot.login;
          accountType = bot.accountType;
          body = fill(bot.body, random);
          break;
        }
      }
      if (login === prAuthor && kind !== "pr_author") login = `${login}-2`;
      // Padding and stray whitespace as they arrive from the API.
      if (random() < 0.05) body = `  ${body}\n`;
      comments.push({
        id: `c${comments.length + 1}`,
        pullRequestNumber,
        commentBody: body,
        commentAuthor: { login, accountType },
        pullRequestAuthorLogin: prAuthor,
        patchChars: prPatchChars,
        kind,
      });
    }
  }
  return comments;
}

import { AppError } from "@/lib/errors";
import { z } from "zod";

// A group is one pull request: every instance of a PR, perturbed copies included, must land
// in the same split (paper §2, "PR-disjoint"; dataset-format.md groups by (repo, pull_number)).

const count = z.number().int("must be a whole number").nonnegative("must not be negative");

export const ClassCountsSchema = z.object({
  trustworthy: count,
  untrustworthy: count,
});
export type ClassCounts = z.infer<typeof ClassCountsSchema>;

export const PullRequestGroupSchema = z
  .object({
    key: z.string().min(1, "must not be empty"),
    trustworthy: count,
    untrustworthy: count,
  })
  .refine((g) => g.trustworthy + g.untrustworthy > 0, {
    message: "has no instances; drop empty PRs before splitting",
  });
export type PullRequestGroup = z.infer<typeof PullRequestGroupSchema>;

export const PullRequestGroupsSchema = z
  .array(PullRequestGroupSchema)
  .min(1, "needs at least one PR group")
  .superRefine((groups, ctx) => {
    const firstIndex = new Map<string, number>();
    groups.forEach((g, i) => {
      const seen = firstIndex.get(g.key);
      if (seen === undefined) firstIndex.set(g.key, i);
      else
        ctx.addIssue({
          code: "custom",
          path: [i, "key"],
          message: `duplicate key "${g.key}" (also at groups[${seen}]); one PR must be one group`,
        });
    });
  });

/** Thrown when the groups handed to a partitioner cannot be split as given. */
/** Split input that cannot be used: an AppError (invalid_input) with every problem in details.issues. */
export function splitInputError(issues: string[]): AppError {
  return new AppError("invalid_input", `Invalid split input: ${issues.join("; ")}`, { issues });
}

/** Parses untrusted group input, turning zod issues into one readable invalid_input AppError. */
export function parsePullRequestGroups(input: unknown): PullRequestGroup[] {
  const parsed = PullRequestGroupsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw splitInputError(
    parsed.error.issues.map((issue) => {
      const [index, field] = issue.path;
      const where = typeof index === "number" ? `groups[${index}]${field ? `.${String(field)}` : ""}` : "groups";
      return `${where} ${issue.message}`;
    }),
  );
}

export function sumClassCounts(groups: readonly ClassCounts[]): ClassCounts {
  let trustworthy = 0;
  let untrustworthy = 0;
  for (const g of groups) {
    trustworthy += g.trustworthy;
    untrustworthy += g.untrustworthy;
  }
  return { trustworthy, untrustworthy };
}

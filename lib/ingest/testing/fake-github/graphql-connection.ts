// Relay connections as GitHub serves them: `first`/`last` between 1 and 100 whenever nodes or edges are
// selected, opaque cursors, and keyset cursors for ordered pull requests so a PR updated mid-crawl does not
// shift the pages after it.
import { GraphQLError, Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

export class GitHubGraphQLError extends GraphQLError {
  constructor(
    message: string,
    readonly githubType: string,
  ) {
    super(message);
  }
}

function selectsItems(set: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD && (s.name.value === "nodes" || s.name.value === "edges")) return true;
    if (s.kind === Kind.INLINE_FRAGMENT && selectsItems(s.selectionSet, info)) return true;
    if (s.kind === Kind.FRAGMENT_SPREAD && selectsItems(info.fragments[s.name.value]?.selectionSet, info)) return true;
  }
  return false;
}

function checkBounds(args: ConnectionArgs, info: GraphQLResolveInfo) {
  const field = info.fieldName;
  if (!info.fieldNodes.some((f: FieldNode) => selectsItems(f.selectionSet, info))) return;
  if (args.first == null && args.last == null)
    throw new GitHubGraphQLError(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
      "MISSING_PAGINATION_BOUNDARIES",
    );
  for (const [name, v] of [
    ["first", args.first],
    ["last", args.last],
  ] as const)
    if (v != null && (v < 0 || v > 100))
      throw new GitHubGraphQLError(
        `Requesting ${v} records on the \`${field}\` connection exceeds the \`${name}\` limit of 100 records.`,
        "EXCESSIVE_PAGINATION",
      );
}

const encode = (s: string) => Buffer.from(s, "utf8").toString("base64");
const decode = (s: string) => Buffer.from(s, "base64").toString("utf8");

function page<T, V>(items: T[], start: number, args: ConnectionArgs, cursorOf: (item: T, index: number) => string, view: (item: T) => V) {
  const count = args.first ?? args.last ?? items.length;
  const slice =
    args.last != null && args.first == null ? items.slice(Math.max(start, items.length - count)) : items.slice(start, start + count);
  const from = args.last != null && args.first == null ? Math.max(start, items.length - count) : start;
  const cursors = slice.map((it, i) => cursorOf(it, from + i));
  const nodes = slice.map(view);
  return {
    totalCount: items.length,
    nodes,
    edges: nodes.map((node, i) => ({ node, cursor: cursors[i] })),
    pageInfo: {
      hasNextPage: from + slice.length < items.length,
      hasPreviousPage: from > 0,
      startCursor: cursors[0] ?? null,
      endCursor: cursors.at(-1) ?? null,
    },
  };
}

/** Position cursors (`cursor:N`), as GitHub uses for timeline-like connections. */
export function offsetConnection<T>(items: T[], args: ConnectionArgs, info: GraphQLResolveInfo) {
  checkBounds(args, info);
  let start = 0;
  if (args.after) {
    const m = /^cursor:(\d+)$/.exec(decode(args.after));
    if (!m) throw new GitHubGraphQLError(`\`${args.after}\` does not appear to be a valid cursor.`, "INVALID_CURSOR_ARGUMENTS");
    start = Number(m[1]);
  }
  return page(
    items,
    start,
    args,
    (_, i) => encode(`cursor:${i + 1}`),
    (x) => x,
  );
}

/** Keyset cursors over items already sorted by `key` (a tuple compared element-wise in the sort order). */
export function keysetConnection<T, V>(
  items: T[],
  args: ConnectionArgs,
  info: GraphQLResolveInfo,
  key: (item: T) => (string | number)[],
  after: (a: (string | number)[], b: (string | number)[]) => boolean,
  view: (item: T) => V,
) {
  checkBounds(args, info);
  let start = 0;
  if (args.after) {
    let k: (string | number)[];
    try {
      k = JSON.parse(decode(args.after).replace(/^cursor:v2:/, ""));
    } catch {
      throw new GitHubGraphQLError(`\`${args.after}\` does not appear to be a valid cursor.`, "INVALID_CURSOR_ARGUMENTS");
    }
    start = items.findIndex((it) => after(key(it), k));
    if (start < 0) start = items.length;
  }
  return page(items, start, args, (it) => encode(`cursor:v2:${JSON.stringify(key(it))}`), view);
}

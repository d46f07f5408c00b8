// GitHub's GraphQL rate-limit cost: add up the requests needed to fulfil each connection, assuming every
// one reaches its `first`/`last` limit, divide by 100, round, at least 1 point
// (docs.github.com/graphql/overview/rate-limits-and-node-limits-for-the-graphql-api).
import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from "graphql";

function numberOf(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === "number" ? v : null;
  }
  return null;
}

export function graphqlQueryCost(doc: DocumentNode, variables: Record<string, unknown> = {}): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let requests = 0;
  const walk = (set: SelectionSetNode | undefined, multiplier: number) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, multiplier);
      else if (s.kind === Kind.FRAGMENT_SPREAD) walk(fragments.get(s.name.value)?.selectionSet, multiplier);
      else {
        const arg = (name: string) => s.arguments?.find((a) => a.name.value === name)?.value;
        const size = numberOf(arg("first"), variables) ?? numberOf(arg("last"), variables);
        if (size === null) walk(s.selectionSet, multiplier);
        else {
          requests += multiplier;
          walk(s.selectionSet, multiplier * size);
        }
      }
    }
  };
  for (const d of doc.definitions) if (d.kind === Kind.OPERATION_DEFINITION) walk(d.selectionSet, 1);
  return Math.max(1, Math.round(requests / 100));
}

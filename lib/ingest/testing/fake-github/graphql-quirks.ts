// Odd but possible GraphQL answers for `alterGraphqlData`, shared by the tests, the e2e sidecars and the
// fault report.

/**
 * Fails follow-up pages as GitHub does when it times out on them: each follow-up alias (f0, f1, …) of the
 * answer becomes null with a "Something went wrong" partial error at its path. `only` picks the aliases
 * (by the request's variables, e.g. `id0`); all of them by default. Returns the errors to add.
 */
export function failFollowUpPages(
  data: Record<string, unknown>,
  variables: Record<string, unknown>,
  only: (alias: string, variables: Record<string, unknown>) => boolean = () => true,
): { message: string; path: string[] }[] {
  const aliases = Object.keys(data).filter((k) => /^f\d+$/.test(k) && only(k, variables));
  for (const k of aliases) data[k] = null;
  return aliases.map((k) => ({ message: "Something went wrong while executing your query.", path: [k] }));
}

// GitHub's published GraphQL schema (@octokit/graphql-schema). Built from the introspection JSON:
// the IDL file declares a few fields twice, which graphql-js's SDL builder rejects.
import { schema as published } from "@octokit/graphql-schema";
import { buildClientSchema, parse, validate, type GraphQLSchema } from "graphql";

let cached: GraphQLSchema | undefined;

export function githubGraphqlSchema(): GraphQLSchema {
  cached ??= buildClientSchema(published.json as unknown as Parameters<typeof buildClientSchema>[0]);
  return cached;
}

/** Validation messages of a query document against GitHub's schema; empty when valid. */
export function validateGithubQuery(query: string): string[] {
  try {
    return validate(githubGraphqlSchema(), parse(query)).map((e) => e.message);
  } catch (e) {
    return [(e as Error).message];
  }
}

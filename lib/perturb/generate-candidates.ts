import { z } from "zod";
import {
  inlineAnchorSchema,
  type LocationCandidate,
  type PerturbationKind,
  type PerturbationResult,
  type SymbolCandidate,
  type TextCandidate,
} from "./candidate-schema";
import { definitionSchema } from "./code-definitions";
import { negationCandidates } from "./negate-once";
import { locationCandidates } from "./relocate-comment";
import { symbolCandidates } from "./symbol-swap";

const negationInputSchema = z.object({ text: z.string() });
const symbolInputSchema = z.object({
  text: z.string(),
  knownSymbols: z.array(z.string()),
  definitions: z.array(definitionSchema).optional(),
});
const locationInputSchema = z.object({
  target: inlineAnchorSchema,
  others: z.array(inlineAnchorSchema),
  patch: z.string().optional(),
  /** The comment's text: a comment naming its own place, or a place with the names it uses, is not moved. */
  body: z.string().optional(),
});

export type NegationInput = z.infer<typeof negationInputSchema>;
export type SymbolInput = z.infer<typeof symbolInputSchema>;
export type LocationInput = z.infer<typeof locationInputSchema>;

type InputFor = { negation: NegationInput; symbol: SymbolInput; location: LocationInput };
type CandidateFor = { negation: TextCandidate; symbol: SymbolCandidate; location: LocationCandidate };

/**
 * One entry point for the perturbation page (paper §2: negation, symbol, location). Input is
 * validated here because it arrives from a form or server action.
 */
export function generateCandidates<K extends PerturbationKind>(kind: K, input: InputFor[K]): PerturbationResult<CandidateFor[K]>;
export function generateCandidates(
  kind: PerturbationKind,
  input: unknown,
): PerturbationResult<TextCandidate | SymbolCandidate | LocationCandidate> {
  switch (kind) {
    case "negation":
      return negationCandidates(negationInputSchema.parse(input).text);
    case "symbol": {
      const { text, knownSymbols, definitions } = symbolInputSchema.parse(input);
      return symbolCandidates(text, { knownSymbols, definitions });
    }
    case "location": {
      const { target, others, patch, body } = locationInputSchema.parse(input);
      return locationCandidates(target, others, { patch, body });
    }
  }
}

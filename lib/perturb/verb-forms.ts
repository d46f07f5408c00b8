import nlp from "compromise";

// compromise tags single words out of context poorly ("sorts" reads as a plural noun), so each
// form is asked for inside a minimal clause that forces a verb reading.

/** "sorts" → "sort", "returned" → "return"; undefined when compromise sees no verb. */
export function infinitiveOf(verb: string): string | undefined {
  const lower = verb.toLowerCase();
  const result = nlp(`it ${lower}`)
    .verbs()
    .toInfinitive()
    .text()
    .replace(/^it\s+/i, "")
    .trim();
  return /^[a-z]+$/.test(result) ? result : undefined;
}

function conjugations(infinitive: string): { PresentTense?: string; PastTense?: string } | undefined {
  const forms = nlp(infinitive.toLowerCase()).verbs().conjugate() as Array<Record<string, string>>;
  return forms[0];
}

/** "handle" → "handles" (he/she/it present). */
export function thirdPersonOf(infinitive: string): string | undefined {
  const form = conjugations(infinitive)?.PresentTense;
  return form && /^[a-z]+$/.test(form) ? form : undefined;
}

/** "handle" → "handled", "break" → "broke". */
export function pastTenseOf(infinitive: string): string | undefined {
  const form = conjugations(infinitive)?.PastTense;
  return form && /^[a-z]+$/.test(form) ? form : undefined;
}

/** "a" or "an" before a word, by its first sound as far as spelling tells. */
export function indefiniteArticle(word: string): "a" | "an" {
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return "an";
  if (/^(?:u[bcfhjkqrstn][aeiou]|use|usu|uni|one|once|eu|ew)/.test(lower)) return "a";
  return /^[aeiou]/.test(lower) ? "an" : "a";
}

// Counts in English: "1 learner", "2 learners". Messages that name a count build it here.

/** `count` and the noun in the right number; `plural` for nouns that do not just add an "s". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** "was" or "were" to agree with `count`. */
export const wasWere = (count: number) => (count === 1 ? 'was' : 'were');

// Who speaks each verse, as a list: every speaker of the Gita (Dhṛtarāṣṭra,
// Sañjaya, Arjuna, Kṛṣṇa) with the verses they speak, in verse order, made
// from the records' own speaker field (facts.ts). What GET /speakers answers,
// and what `?speaker=` takes. Plain types, which the client carries; their
// zod schema, the OpenAPI component, is in speakers-schema.ts.

/** A speaker and the verses they speak (colophons, spoken by nobody, are left out). */
export interface SpeakerEntry {
  /** What `?speaker=` takes (krishna); null for a speaker the code does not know. */
  slug: string | null;
  /** As the records write it, in Devanagari. */
  name: string;
  /** In English; null when unknown. */
  label: string | null;
  /** How many verses. */
  verses: number;
  /** Each of them, in verse order (BG2.11). */
  refs: string[];
}

export interface SpeakersList {
  count: number;
  speakers: SpeakerEntry[];
}

/** The list, from the manifest's facts: its speakers (in the content's order) and each verse's speaker. */
export function speakersList(facts: { versesPerChapter: readonly number[]; speakers: ReadonlyArray<Omit<SpeakerEntry, 'refs'>>; speakerOf: readonly (readonly number[])[] }): SpeakersList {
  const refs = facts.speakers.map((): string[] => []);
  facts.versesPerChapter.forEach((count, c) => {
    for (let v = 1; v <= count; v++) {
      const who = facts.speakerOf[c]?.[v - 1] ?? -1;
      if (who >= 0) refs[who].push(`BG${c + 1}.${v}`);
    }
  });
  return { count: facts.speakers.length, speakers: facts.speakers.map((s, i) => ({ slug: s.slug, name: s.name, label: s.label, verses: s.verses, refs: refs[i] })) };
}

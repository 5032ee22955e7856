// The sense a root has in the Gita, where its spelling stands more than once
// in the dhātupāṭha and neither its present stem nor its voice decides: read
// by hand from the Gita's forms and the dhātupāṭha's meanings, each with the
// forms and the reason. Keyed by the root (all lemmas of that root) or by
// `root#lemmaId` (one DCS lemma). Nothing is here that a rule decides.

export interface SenseChoice {
  code: string;
  why: string;
}

export const SENSES: Record<string, SenseChoice> = {};

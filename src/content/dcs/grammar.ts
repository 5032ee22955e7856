// The DCS's features (Universal Dependencies' names) in words a reader knows:
// Case=Loc|Gender=Neut|Number=Sing is "locative singular neuter". A value
// without a name here is shown as the DCS writes it (Name=Value).

const NAMES: Record<string, Record<string, string>> = {
  Case: { Nom: 'nominative', Acc: 'accusative', Ins: 'instrumental', Dat: 'dative', Abl: 'ablative', Gen: 'genitive', Loc: 'locative', Voc: 'vocative', Cpd: 'compound member' },
  Number: { Sing: 'singular', Dual: 'dual', Plur: 'plural' },
  Gender: { Masc: 'masculine', Fem: 'feminine', Neut: 'neuter' },
  Person: { 1: 'first person', 2: 'second person', 3: 'third person' },
  // The DCS's Past covers the perfect and the aorist (uvāca, abhūt); Impf the imperfect.
  Tense: { Pres: 'present', Past: 'past', Fut: 'future', Impf: 'imperfect' },
  Mood: { Ind: 'indicative', Imp: 'imperative', Opt: 'optative', Jus: 'injunctive', Cond: 'conditional' },
  VerbForm: { Part: 'participle', Conv: 'absolutive', Inf: 'infinitive', Gdv: 'gerundive' },
  Voice: { Pass: 'passive' },
  Formation: { peri: 'periphrastic', s: 's-aorist' },
};

/** The order a grammar states them in: a verb's person, number, tense, mood; a noun's case, number, gender. */
const FINITE = ['Person', 'Number', 'Tense', 'Formation', 'Mood', 'Voice'];
const NOMINAL = ['Case', 'Number', 'Gender'];
const NON_FINITE = ['Tense', 'Voice', 'VerbForm'];

const say = (name: string, value: string) => NAMES[name]?.[value] ?? `${name}=${value}`;

/** The features in words: "locative singular neuter", "third person singular present indicative", "past passive participle, nominative singular masculine"; "" when there are none. */
export function grammarInWords(features: Record<string, string>): string {
  const pick = (names: string[]) => names.filter((n) => n in features).map((n) => say(n, features[n]));
  const known = new Set([...FINITE, ...NOMINAL, ...NON_FINITE]);
  const rest = Object.keys(features).filter((n) => !known.has(n)).map((n) => say(n, features[n]));
  let parts: string[];
  if (features.VerbForm) {
    const verb = pick(NON_FINITE).join(' ');
    const nominal = pick(NOMINAL).join(' ');
    parts = [[verb, nominal].filter(Boolean).join(', ')];
  } else if (features.Person || features.Mood) parts = [pick(FINITE).join(' ')];
  else parts = [pick(NOMINAL).join(' ')];
  return [...parts, ...rest].filter(Boolean).join(' ');
}

const POS: Record<string, string> = { NOUN: 'noun', VERB: 'verb', PRON: 'pronoun', ADJ: 'adjective', PART: 'particle', ADV: 'adverb', CONJ: 'conjunction', NUM: 'numeral', SCONJ: 'subordinating conjunction', ADP: 'adposition', DET: 'determiner', INTJ: 'interjection', PROPN: 'proper noun' };
export const posInWords = (pos: string) => POS[pos] ?? pos;

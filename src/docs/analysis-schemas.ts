// The OpenAPI schemas of the word analysis (src/content/dcs/served.ts).
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const features = { type: 'object', additionalProperties: { type: 'string' }, description: 'FEATS as the DCS gives them, as an object ({} when empty): Case, Number, Gender, Person, Tense, Mood, VerbForm, Voice, Formation. Case=Cpd is the first part of a compound.' };
const grammar = { type: 'string', description: 'The features in words: "locative singular neuter", "third person singular present indicative"; "" when there are none.' };
const attribution = { type: 'string', description: 'The credit the DCS license (CC BY 4.0) asks for, and where roots show, the dhātupāṭha\'s (MIT).' };

export const ANALYSIS_SCHEMAS = {
  AnalysedWord: {
    type: 'object',
    required: ['form', 'unsandhied', 'lemma', 'pos', 'features', 'token', 'grammar'],
    additionalProperties: false,
    properties: {
      form: { type: 'string', description: 'FORM: the word as it stands in the sentence.' },
      unsandhied: { type: 'string', description: 'The word with sandhi undone (MISC Unsandhied).' },
      lemma: { type: 'string', description: 'LEMMA exactly as the DCS gives it (IAST; two roots use the DCS\'s own letters for ṝ and ḷ).' },
      pos: { type: 'string', description: 'UPOS: NOUN, VERB, PRON, ADJ, PART, ADV, CONJ, NUM, SCONJ.' },
      features,
      token: { type: 'string', description: 'The sandhi string the word stands in (karmaṇyevādhikāraste); the form itself for a word standing alone.' },
      grammar,
      root: { ...ref('WordRoot'), description: "A verbal word's root (its preverbs, its dhātupāṭha entries); absent for other words and where the root could not be read." },
    },
  },
  VerseAnalysis: {
    type: 'object',
    required: ['ref', 'words', 'attribution'],
    additionalProperties: false,
    properties: {
      ref: { type: 'string', pattern: '^BG[1-9][0-9]*\\.[1-9][0-9]*$' },
      words: { type: 'array', items: ref('AnalysedWord') },
      note: { type: 'string', description: 'Why a verse has no words: BG13.1 (not in the Critical Edition), a colophon.' },
      attribution,
    },
  },
  Occurrence: {
    type: 'object',
    required: ['ref', 'position', 'form', 'unsandhied', 'pos', 'features', 'grammar'],
    additionalProperties: false,
    properties: {
      ref: { type: 'string' },
      position: { type: 'integer', minimum: 1, description: "The word's place among the verse's analysed words (1 first)." },
      form: { type: 'string' },
      unsandhied: { type: 'string' },
      pos: { type: 'string' },
      features,
      grammar,
    },
  },
  Lemma: {
    type: 'object',
    required: ['lemma', 'pos', 'count', 'occurrences', 'attribution'],
    additionalProperties: false,
    properties: {
      lemma: { type: 'string', description: 'IAST, NFC.' },
      dcs: { type: 'string', description: 'The lemma as the DCS writes it, where that differs (kﾱp for kḷp).' },
      pos: { type: 'array', items: { type: 'string' }, description: 'Its parts of speech, most frequent first.' },
      count: { type: 'integer', minimum: 1, description: 'The number of occurrences.' },
      also: { type: 'array', items: { type: 'string' }, description: 'Other lemmas typed the same in ASCII (sama: samā, śama).' },
      occurrences: { type: 'array', items: ref('Occurrence') },
      attribution,
    },
  },
  LemmaChoice: {
    type: 'object',
    required: ['query', 'lemmas', 'attribution'],
    additionalProperties: false,
    properties: { query: { type: 'string', description: 'The ASCII spelling asked.' }, lemmas: { type: 'array', minItems: 2, items: ref('Lemma') }, attribution },
  },
  Lemmas: {
    type: 'object',
    required: ['count', 'lemmas', 'attribution'],
    additionalProperties: false,
    properties: {
      attribution,
      count: { type: 'integer' },
      lemmas: { type: 'array', items: { type: 'object', required: ['lemma', 'pos', 'count'], additionalProperties: false, properties: { lemma: { type: 'string' }, pos: { type: 'array', items: { type: 'string' } }, count: { type: 'integer', minimum: 1 } } } },
    },
  },
} as const;

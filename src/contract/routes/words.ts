// A verse word by word: its words with their meanings, the Digital Corpus
// of Sanskrit's analysis of each, and a lemma's every occurrence. Their
// answers' schemas are declared once with their types, in zod, and loaded by
// each route's `components`: the word list's (Word) in
// src/content/word-schemas.ts, the analysis's and the lemmas' in
// src/content/dcs/schemas.ts, the roots' (WordRoot, Root, RootChoice, Roots)
// in src/content/roots/schemas.ts. Their files are made by the routes'
// builders (publish/analysis.ts, publish/roots.ts).
import { DCS_ATTRIBUTION } from '../../content/dcs/attribution.ts';
import { ROOTS_ATTRIBUTION } from '../../content/roots/attribution.ts';
import { spellingError, SPELLED } from '../../content/dcs/lemma.ts';
import { errorContent, fixedHeaders, json, notFound, notModified, ok, schema } from '../responses.ts';
import { LEMMA_SHOWN, LEMMA_SHOWN_MAX } from '../limits.ts';
import { READ, route, type ToolOnlyArg } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { TOOL_VERSE } from './verses.ts';

/** How many places a lemma's or root's tool lists: its own argument, the route answering them all. */
const shownLimit = (about: string): ToolOnlyArg => ({ schema: () => ({ type: 'integer', minimum: 1, maximum: LEMMA_SHOWN_MAX }), about: `${about}, 1 to ${LEMMA_SHOWN_MAX}.` });

/** BG2.47's first words, as /slok/2/47/words answers them. */
const WORD_EXAMPLE = [
  { word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work' },
  { word: 'एव', transliteration: 'eva', meaning: 'only' },
  { word: 'अधिकारः', transliteration: 'adhikāraḥ', meaning: 'right' },
];

export const WORD_ROUTES = [
  route({
    id: 'verse-words',
    client: 'words',
    answers: { type: 'Word[]', from: 'content/words' },
    clientAbout: 'The verse word by word, in its order: [] for a verse without a list and for the colophons.',
    path: '/slok/{ch}/{sl}/words',
    methods: READ,
    access: 'metered',
    aliases: ['/slok/{ch}/{sl}/words.json'],
    file: '/slok/{ch}/{sl}/words.json',
    madeBy: 'word analysis',
    build: (input) => import('../../publish/analysis.ts').then((m) => m.verseWordFiles(input)),
    summary: "The verse word by word: its words in the verse's order, each with its IAST and its English meaning (Swami Sivananda's word-by-word list, siva.ec), as [{word, transliteration, meaning}]; [] for a verse without a list and for the colophons.",
    example: '/slok/2/47/words',
    notFound: 'verse',
    needs: ['word analysis'],
    query: [],
    responses: {
      '200': ok("The verse's words in its order (statically: slok/C/V/words.json). A compound the source keeps together is one entry.", json({ type: 'array', items: schema('Word') }, WORD_EXAMPLE), fixedHeaders),
      '304': notModified,
      '404': notFound('verse'),
    },
    components: () => import('../../content/word-schemas.ts').then((m) => m.wordSchemas()),
    tool: {
      name: 'get_words',
      rank: 70,
      title: 'Word-by-word meanings',
      description: `The words of one verse with their transliteration and meaning (word by word), each with the Digital Corpus of Sanskrit words it covers (form, lemma, part of speech, grammar: "locative singular neuter"), for explaining a verse or its Sanskrit. An empty list where the build has no word list for the verse. ${DCS_ATTRIBUTION}.`,
      args: ['ch', 'sl'],
      about: TOOL_VERSE,
      cost: { of: 'file', verses: 1 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getWords),
    },
  }),
  route({
    id: 'verse-analysis',
    client: 'analysis',
    answers: { type: 'VerseAnalysis', from: 'content/dcs/shapes' },
    clientAbout: `The verse's words as the Digital Corpus of Sanskrit analyses them (form, lemma, part of speech, features, grammar in words); words: [] and a note for BG13.1 and the colophons. Credit: ${DCS_ATTRIBUTION}.`,
    path: '/slok/{ch}/{sl}/analysis',
    methods: READ,
    access: 'metered',
    aliases: ['/slok/{ch}/{sl}/analysis.json'],
    file: '/slok/{ch}/{sl}/analysis.json',
    madeBy: 'word analysis',
    build: (input) => import('../../publish/analysis.ts').then((m) => m.verseAnalysisFiles(input)),
    summary: `The verse word by word as the Digital Corpus of Sanskrit analyses it, speaker lines included: {ref, words: [{form, unsandhied, lemma, pos, features, token, grammar, root}]}: FORM, the Unsandhied form, LEMMA, UPOS and FEATS (an object, {} when empty) as the DCS gives them, the sandhi string the word stands in, the grammar in words (locative singular neuter), and a verbal word's root: {root, prefixes, derived, codes} (its citation form, its preverbs, a causative's or desiderative's stem, its dhātupāṭha entries: /root/{root}). words: [] and a note for BG13.1 (not in the Critical Edition) and the colophons. ${ROOTS_ATTRIBUTION}.`,
    example: '/slok/2/47/analysis',
    notFound: 'verse',
    needs: ['word analysis'],
    query: [],
    responses: {
      '200': ok(`The verse's words in order, speaker lines included, as the Digital Corpus of Sanskrit analyses them (statically: slok/C/V/analysis.json); words: [] and a note for BG13.1 (not in the Critical Edition the DCS analyses) and the colophons. ${DCS_ATTRIBUTION}, apart from the GPL-3.0 verse texts.`, json(schema('VerseAnalysis')), fixedHeaders),
      '304': notModified,
      '404': notFound('verse'),
    },
    // The answer (VerseAnalysis), its words (AnalysedWord) and a verbal word's root (WordRoot), which they refer to.
    components: () => import('../../content/dcs/schemas.ts').then((m) => m.analysisSchemas()),
  }),
  route({
    id: 'lemma',
    client: 'lemma',
    answers: { type: 'LemmaEntry | LemmaChoice', from: 'content/dcs/shapes' },
    clientAbout: 'Every occurrence of a lemma (IAST, or ASCII as typed: atman; Devanagari on a server only), in verse order; an ASCII spelling several lemmas share answers all of them. Unknown: a GitaError with status 404.',
    path: '/lemma/{lemma}',
    methods: READ,
    access: 'metered',
    aliases: ['/lemma/{lemma}.json'],
    file: '/lemma/{lemma}.json',
    madeBy: 'word analysis',
    build: (input) => import('../../publish/analysis.ts').then((m) => m.lemmaFiles(input)),
    spelled: 'lemma',
    summary: `Every occurrence of a lemma in verse order: {lemma, pos, count, occurrences: [{ref, position, form, unsandhied, pos, features, grammar}]}. The lemma in IAST (ātman), in ASCII as people type it (atman), or in Devanagari (आत्मन्); an exact spelling answers that lemma and names in also the others typed the same in ASCII; an ASCII spelling that is no lemma and that several lemmas share answers all of them, {query, lemmas: [...]}. An unknown lemma is 404; a spelling that cannot be a lemma is 400. ${DCS_ATTRIBUTION}.`,
    example: '/lemma/karman',
    notFound: 'resource',
    needs: ['word analysis'],
    query: [],
    responses: {
      '200': ok(`Every occurrence of the lemma in verse order (statically: lemma/{lemma}.json, the IAST lemma in NFC; an ASCII spelling that is no lemma has its file too). An ASCII spelling that several lemmas share and that is none of them answers all of them. ${DCS_ATTRIBUTION}.`, json({ anyOf: [schema('Lemma'), schema('LemmaChoice')] }), fixedHeaders),
      '304': notModified,
      '400': ok('A spelling that cannot be a lemma: other than letters of IAST or ASCII, or Devanagari, or too long (the message says which).', errorContent('lemma: expected a lemma in IAST (ātman), in ASCII (atman) or in Devanagari (आत्मन्)')),
      '404': notFound('resource'),
    },
    components: () => import('../../content/dcs/schemas.ts').then((m) => m.lemmaSchemas()),
    tool: {
      name: 'get_lemma',
      rank: 110,
      title: 'Every occurrence of a lemma',
      description: `Every verse where a Sanskrit lemma occurs, in verse order, with the form and its grammar there (a concordance): karman, ātman, dharma, yoga. The lemma in IAST, in ASCII as typed (atman), or in Devanagari (आत्मन्). limit caps the occurrences listed (default ${LEMMA_SHOWN}). ${DCS_ATTRIBUTION}.`,
      args: ['lemma'],
      also: { limit: shownLimit('Occurrences to list') },
      // The lemma's file (or its ASCII spelling's), as the tool reads it: the most it can answer.
      cost: { of: 'file', verses: 0 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getLemma),
    },
  }),
  route({
    id: 'lemmas',
    client: 'lemmas',
    answers: { type: 'LemmaIndex', from: 'content/dcs/shapes' },
    clientAbout: 'Every lemma with its parts of speech and count, most frequent first.',
    path: '/lemmas',
    methods: READ,
    access: 'metered',
    aliases: ['/lemmas.json'],
    file: '/lemmas.json',
    madeBy: 'word analysis',
    build: (input) => import('../../publish/analysis.ts').then((m) => m.lemmaIndexFile(input)),
    summary: `Every lemma of the Gita with its parts of speech and count, most frequent first: {count, lemmas: [{lemma, pos, count}]}. ${DCS_ATTRIBUTION}.`,
    example: '/lemmas',
    notFound: 'resource',
    needs: ['word analysis'],
    query: [],
    responses: { '200': ok(`Every lemma with its parts of speech (most frequent first) and its count, most frequent lemma first (statically: lemmas.json). ${DCS_ATTRIBUTION}.`, json(schema('Lemmas')), fixedHeaders), '304': notModified },
    components: () => import('../../content/dcs/schemas.ts').then((m) => m.lemmaIndexSchemas()),
  }),
  route({
    id: 'root',
    client: 'root',
    answers: { type: 'RootAnswer | RootChoice', from: 'content/roots/shapes' },
    clientAbout: `A verbal root (dhātu: IAST sthā, or ASCII as typed: stha; Devanagari on a server only): its dhātupāṭha entries and every verbal word made from it, by preverb and form, with each verse; an ASCII spelling several roots share answers all of them. Unknown: a GitaError with status 404. Credit: ${ROOTS_ATTRIBUTION}.`,
    path: '/root/{root}',
    methods: READ,
    access: 'metered',
    aliases: ['/root/{root}.json'],
    file: '/root/{root}.json',
    madeBy: 'word analysis',
    build: (input) => import('../../publish/roots.ts').then((m) => m.rootFiles(input)),
    spelled: 'root',
    summary: `A verbal root (dhātu) across the Gita: {root, devanagari, entries: [{code, class, voice, meaning}], count, verses, senses: [{meaning, count}], groups: [{prefixes, lemma, derived, codes, count, forms: [{form, count, occurrences: [{ref, position, form, grammar, meaning}]}]}]}: its dhātupāṭha entries, the English meanings its words have in the word-by-word lists, and its words grouped by their preverbs (sam + upa + sthā) and by form, with each verse. The root by its IAST citation form (sthā), in ASCII as people type it (stha) or in Devanagari (स्था); an ASCII spelling that is no root and that several roots share answers all of them, {query, roots: [...]}. An unknown root is 404; a spelling that cannot be a root is 400. Nouns made from roots (karman from kṛ) carry no root: the DCS gives none. ${ROOTS_ATTRIBUTION}.`,
    example: '/root/sthā',
    notFound: 'resource',
    needs: ['word analysis'],
    query: [],
    responses: {
      '200': ok(`The root's entries and words (statically: root/{root}.json, the IAST root in NFC; an ASCII spelling that is no root has its file too). ${ROOTS_ATTRIBUTION}.`, json({ anyOf: [schema('Root'), schema('RootChoice')] }), fixedHeaders),
      '304': notModified,
      '400': ok('A spelling that cannot be a root: other than letters of IAST or ASCII, or Devanagari, or too long (the message says which).', errorContent(spellingError(SPELLED.root))),
      '404': notFound('resource'),
    },
    components: () => import('../../content/roots/schemas.ts').then((m) => m.rootSchemas()),
    tool: {
      name: 'get_root',
      rank: 120,
      title: 'A verbal root across the Gita',
      description: `A Sanskrit verbal root (dhātu) and every verbal word of the Gita made from it: its dhātupāṭha entries (class, voice, traditional meaning), the English meanings its words have in the word lists, and its words grouped by preverb (sam + upa + sthā) with their verses. The root by its citation form in IAST (sthā), in ASCII as typed (stha), or in Devanagari (स्था). limit caps the places listed per group (default ${LEMMA_SHOWN}). ${ROOTS_ATTRIBUTION}.`,
      args: ['root'],
      also: { limit: shownLimit('Places to list per group') },
      // The root's file (or its ASCII spelling's), as the tool reads it.
      cost: { of: 'file', verses: 0 },
      run: (): Promise<ToolRun> => import('../../mcp/root-tool.ts').then((m) => m.getRoot),
    },
  }),
  route({
    id: 'roots',
    client: 'roots',
    answers: { type: 'RootIndex', from: 'content/roots/shapes' },
    clientAbout: 'Every verbal root with its classes, meaning and counts, most frequent first.',
    path: '/roots',
    methods: READ,
    access: 'metered',
    aliases: ['/roots.json'],
    file: '/roots.json',
    madeBy: 'word analysis',
    build: (input) => import('../../publish/roots.ts').then((m) => m.rootIndexFile(input)),
    summary: `Every verbal root of the Gita, most frequent first: {count, roots: [{root, devanagari, classes, meaning, count, verses}]}: its classes (gaṇa 1 to 10), its first entry's traditional meaning, how many verbal words and verses. ${ROOTS_ATTRIBUTION}.`,
    example: '/roots',
    notFound: 'resource',
    needs: ['word analysis'],
    query: [],
    responses: { '200': ok(`Every root, most frequent first (statically: roots.json). ${ROOTS_ATTRIBUTION}.`, json(schema('Roots')), fixedHeaders), '304': notModified },
  }),
] as const;

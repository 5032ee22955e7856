// The words of the reading pages, once per language: a Hindi page
// (`?lang=hi`) speaks Hindi around the texts, names the speaker as the Gita
// itself does ("श्रीभगवान् उवाच") and says "अध्याय" for a chapter; a Telugu
// page (`?lang=te`) speaks Telugu around the Telugu version's translation,
// and says where what it shows is in English only (the summaries, the word
// meanings). Numbers stay
// in the international digits, as the records' Hindi texts write them
// ("।।2.47।।"), and as the pages and the tagger's card write references
// ("श्रीमद्भगवद्गीता 2.47"). Authors' names are the content's tables of their
// Devanagari and Telugu (src/content/author-names.ts). Every word a page shows around
// the texts is here, the frame's links, the meter's block and the word
// analysis's credit too, so that no language's page is left half in another's.
import { DHATUPATHA_ATTRIBUTION, DHATUPATHA_BY, DHATUPATHA_LICENSE } from '../content/roots/attribution.ts';
import { AUTHOR_NAMES_HI, AUTHOR_NAMES_TE } from '../content/author-names.ts';
import { BOOK_NAME } from '../content/book-name.ts';
import { DCS_ATTRIBUTION, DCS_AUTHOR, DCS_LICENSE, DCS_WORK } from '../content/dcs/attribution.ts';
import { FRAME_NAV, html, type FrameNav, type Raw } from './html.ts';
import type { ReadingLang } from '../contract/parameters.ts';

export interface ReadingLabels {
  /** The work's name in titles and headings. */
  book: string;
  chapter: (n: number) => string;
  /** "Chapter 2 of 18". */
  chapterOf: (n: number) => string;
  colophon: string;
  /** A colophon's entry in a chapter's list of verses. */
  colophonEntry: string;
  /** Who speaks: `name` as the content writes it (Devanagari), `label` its English name when the content's speaker is known. */
  speaker: (name: string, label: string | null) => Raw;
  /** The speaker in a title ("· Krishna", "· श्रीभगवान् उवाच"). */
  speakerShort: (name: string, label: string | null) => string;
  wordByWord: string;
  otherTranslations: string;
  /** The heading of the list of commentaries on other verses that cite this one. */
  citedBy: string;
  verses: string;
  chapters: string;
  commentaryBy: (author: string) => string;
  /** An asked author (`name`: as the page names him) with no text in the language on this verse; `instead`: the default's translation is shown. */
  noTranslation: (name: string, instead: boolean) => string;
  /** An asked author with a commentary in the language on this verse but no translation: his commentary is shown (below); `instead`: with the default's translation. */
  commentaryOnly: (name: string, instead: boolean) => string;
  /** A text that only points to the commentary under another verse (`ref`: that verse's number, linked to its page). */
  pointer: (ref: Raw) => Raw;
  cardAlt: (ref: string) => string;
  /** The Open Graph locale. */
  locale: string;
  /** The language's own name, in the list of the page's languages. */
  language: string;
  /** The link to the verse's record. */
  json: string;
  /** The frame's links (documentation, free key, OpenAPI). */
  nav: FrameNav;
  /**
   * Above the word list of a page whose language is not the glosses' own: the
   * meanings are Swami Sivananda's English only (and the grammar, when the
   * words are `analysed`, is English too); null on the English page.
   */
  glossesInEnglish: ((analysed: boolean) => string) | null;
  /** The credit the word analysis's license (CC BY 4.0) asks for: the work, its author and the license, linked. */
  analysisCredit: Raw;
  /** The roots' credit (the dhātupāṭha, MIT), under a verse's words when a root shows among them. */
  rootsCredit: Raw;
  /** A version that lacks the verse: said, never filled from another. */
  versionMissing: (title: string) => string;
  /** The heading of a version's footnotes. */
  notes: string;
  /** The link to a version's description (its license and how it was read). */
  aboutVersion: string;
  /** Above a chapter's summary and meaning the records do not have in the language (they are shown in English); null where they do. */
  summaryInEnglish: string | null;
  /** The verse's meter (src/pages/meter-marks.ts draws it). */
  meter: MeterLabels;
}

/** The words of a verse's meter block, in the page's language. */
export interface MeterLabels {
  /** The fold's title: the meter by the name the language gives it, and in IAST. */
  name: (meter: string) => Raw;
  /** What the fold holds: the syllables, light and heavy. */
  marks: string;
  /**
   * Under the marks: what the heavy and the light mark stand for, the free
   * last syllable of a pāda, what is underlined. Its – and ˘ are the two
   * marks: the page draws them as it draws the marks over the syllables, in
   * the language's own convention (ऽ and । in Hindi, U and I in Telugu:
   * src/pages/meter-shapes.ts).
   */
  legend: string;
  /** The weights' names, what a screen reader says for a mark after its syllable. */
  weights: { G: string; L: string };
  /** The forms of a pāda the scansion writes in English (the named forms, pathyā, the vipulās, indravajrā..., are Sanskrit's own, shown in IAST). */
  irregular: string;
  hypermetric: string;
}

/** The meters' names in Devanagari, for a page in Hindi. */
const METERS_DEVANAGARI: Record<string, string> = {
  anuṣṭubh: 'अनुष्टुभ्',
  triṣṭubh: 'त्रिष्टुभ्',
  jagatī: 'जगती',
  upajāti: 'उपजाति',
  indravajrā: 'इन्द्रवज्रा',
  upendravajrā: 'उपेन्द्रवज्रा',
  śālinī: 'शालिनी',
  vātormī: 'वातोर्मी',
  vaṃśastha: 'वंशस्थ',
  indravaṃśā: 'इन्द्रवंशा',
};

/** The meters' names as Telugu prosody writes them (అనుష్టుప్, with its p, as Telugu says it), for a page in Telugu. */
const METERS_TELUGU: Record<string, string> = {
  anuṣṭubh: 'అనుష్టుప్',
  triṣṭubh: 'త్రిష్టుప్',
  jagatī: 'జగతి',
  upajāti: 'ఉపజాతి',
  indravajrā: 'ఇంద్రవజ్ర',
  upendravajrā: 'ఉపేంద్రవజ్ర',
  śālinī: 'శాలిని',
  vātormī: 'వాతోర్మి',
  vaṃśastha: 'వంశస్థ',
  indravaṃśā: 'ఇంద్రవంశ',
};

const uvaca = (name: string) => `${name} उवाच`;

export const READING_LABELS: Record<ReadingLang, ReadingLabels> = {
  en: {
    book: BOOK_NAME.en,
    chapter: (n) => `Chapter ${n}`,
    chapterOf: (n) => `Chapter ${n} of 18`,
    colophon: 'colophon',
    colophonEntry: 'Colophon',
    speaker: (name, label) => (label ? html`Spoken by <strong>${label}</strong> (<span lang="sa">${name}</span>)` : html`Spoken by <span lang="sa">${name}</span>`),
    speakerShort: (name, label) => label ?? name,
    wordByWord: 'Word by word',
    otherTranslations: 'Other translations',
    citedBy: 'Cited by',
    verses: 'Verses',
    chapters: 'Chapters',
    commentaryBy: (author) => `Commentary by ${author}`,
    noTranslation: (name, instead) => `No English translation by ${name} on this verse${instead ? '; shown instead:' : '.'}`,
    commentaryOnly: (name, instead) => `No English translation by ${name} on this verse, only the commentary below${instead ? '; the translation shown is another author’s:' : '.'}`,
    pointer: (ref) => html`The commentary on this verse is given under ${ref}.`,
    cardAlt: (ref) => `The verse card of Bhagavad Gita ${ref}`,
    locale: 'en_US',
    language: 'English',
    json: 'JSON',
    nav: FRAME_NAV,
    glossesInEnglish: null,
    analysisCredit: html`${DCS_ATTRIBUTION} (<a href="${DCS_LICENSE.url}">the license</a>).`,
    rootsCredit: html`${DHATUPATHA_ATTRIBUTION} (<a href="${DHATUPATHA_LICENSE.url}">the license</a>).`,
    versionMissing: (title) => `${title} lacks this verse.`,
    notes: 'Notes',
    aboutVersion: 'About this version',
    summaryInEnglish: null,
    meter: {
      name: (meter) => html`Meter: <span lang="sa-Latn">${meter}</span>`,
      marks: 'the syllables, light and heavy',
      legend: '– heavy (guru), ˘ light (laghu); the last syllable of a pāda is free. Underlined: a syllable that breaks the pattern.',
      weights: { G: 'heavy', L: 'light' },
      irregular: 'irregular, does not scan here',
      hypermetric: 'hypermetric',
    },
  },
  hi: {
    book: BOOK_NAME.hi,
    chapter: (n) => `अध्याय ${n}`,
    chapterOf: (n) => `अध्याय ${n} (18 में से)`,
    colophon: 'पुष्पिका',
    colophonEntry: 'पुष्पिका',
    speaker: (name) => html`<strong lang="sa">${uvaca(name)}</strong>`,
    speakerShort: (name) => uvaca(name),
    wordByWord: 'शब्दार्थ',
    otherTranslations: 'अन्य अनुवाद',
    citedBy: 'इन श्लोकों की व्याख्याओं में उद्धृत',
    verses: 'श्लोक',
    chapters: 'अध्याय',
    commentaryBy: (author) => `${author} की व्याख्या`,
    noTranslation: (name, instead) => `इस श्लोक का ${name} द्वारा हिन्दी अनुवाद नहीं है${instead ? '; इसके स्थान पर:' : '।'}`,
    commentaryOnly: (name, instead) => `इस श्लोक का ${name} द्वारा हिन्दी अनुवाद नहीं है, केवल नीचे दी गई व्याख्या है${instead ? '; यह अनुवाद अन्य लेखक का है:' : '।'}`,
    pointer: (ref) => html`इस श्लोक की व्याख्या श्लोक ${ref} की व्याख्या में दी गई है।`,
    cardAlt: (ref) => `श्रीमद्भगवद्गीता ${ref} का श्लोक-कार्ड`,
    locale: 'hi_IN',
    language: 'हिन्दी',
    json: 'JSON',
    // The pages these lead to are English; the links say so (hreflang).
    nav: { documentation: 'प्रलेखन', freeKey: 'निःशुल्क कुंजी', openApi: 'OpenAPI विवरण' },
    glossesInEnglish: (analysed) =>
      analysed
        ? `शब्दों के अर्थ (${AUTHOR_NAMES_HI.siva} की शब्दार्थ-सूची से) और उनका व्याकरणिक विश्लेषण केवल अंग्रेज़ी में उपलब्ध हैं।`
        : `शब्दों के अर्थ ${AUTHOR_NAMES_HI.siva} की शब्दार्थ-सूची से हैं, जो केवल अंग्रेज़ी में उपलब्ध है।`,
    // Names of the work, its author and the license stay in their own (Latin) letters, as a Hindi credit writes them.
    rootsCredit: html`धातुएँ <span lang="en">${DHATUPATHA_BY}</span> के धातुपाठ से, <a href="${DHATUPATHA_LICENSE.url}">${DHATUPATHA_LICENSE.name}</a> लाइसेंस के अंतर्गत।`,
    analysisCredit: html`शब्द-विश्लेषण <span lang="en">${DCS_AUTHOR}</span> के <span lang="en">${DCS_WORK}</span> से, <a href="${DCS_LICENSE.url}">${DCS_LICENSE.name}</a> लाइसेंस के अंतर्गत।`,
    versionMissing: (title) => `${title} में यह श्लोक नहीं है।`,
    notes: 'टिप्पणियाँ',
    aboutVersion: 'इस अनुवाद के बारे में',
    summaryInEnglish: null,
    meter: {
      name: (meter) => html`छन्द: <span lang="sa">${METERS_DEVANAGARI[meter] ?? meter}</span> <span lang="sa-Latn">(${meter})</span>`,
      marks: 'अक्षर, लघु और गुरु',
      legend: '– गुरु, ˘ लघु; पाद का अन्तिम अक्षर स्वतन्त्र है। रेखांकित: छन्द का नियम तोड़ने वाला अक्षर।',
      weights: { G: 'गुरु', L: 'लघु' },
      irregular: 'अनियमित, यहाँ छन्द नहीं बैठता',
      hypermetric: 'अधिकाक्षर पाद',
    },
  },
  // The commentators' names as Telugu writes them (src/content/author-names.ts: స్వామి శివానంద).
  te: {
    book: BOOK_NAME.te,
    chapter: (n) => `అధ్యాయం ${n}`,
    chapterOf: (n) => `అధ్యాయం ${n} (18లో)`,
    colophon: 'పుష్పిక',
    colophonEntry: 'పుష్పిక',
    speaker: (name) => html`<strong lang="sa">${uvaca(name)}</strong>`,
    speakerShort: (name) => uvaca(name),
    wordByWord: 'ప్రతిపదార్థం',
    otherTranslations: 'ఇతర అనువాదాలు',
    citedBy: 'ఈ శ్లోకాల వ్యాఖ్యానాలలో ఉదహరించబడింది',
    verses: 'శ్లోకాలు',
    chapters: 'అధ్యాయాలు',
    commentaryBy: (author) => `${author} వ్యాఖ్యానం`,
    noTranslation: (name, instead) => `ఈ శ్లోకానికి ${name} తెలుగు అనువాదం లేదు${instead ? '; దానికి బదులుగా:' : '.'}`,
    commentaryOnly: (name, instead) => `ఈ శ్లోకానికి ${name} తెలుగు అనువాదం లేదు, క్రింది వ్యాఖ్యానం మాత్రమే ఉంది${instead ? '; ఇక్కడి అనువాదం మరొకరిది:' : '.'}`,
    pointer: (ref) => html`ఈ శ్లోకం వ్యాఖ్యానం శ్లోకం ${ref} వ్యాఖ్యానంలో ఇవ్వబడింది.`,
    cardAlt: (ref) => `శ్రీమద్భగవద్గీత ${ref} శ్లోక కార్డు`,
    locale: 'te_IN',
    language: 'తెలుగు',
    json: 'JSON',
    // The pages these lead to are English; the links say so (hreflang).
    nav: { documentation: 'వివరణ పత్రాలు', freeKey: 'ఉచిత కీ', openApi: 'OpenAPI వివరణ' },
    glossesInEnglish: (analysed) =>
      analysed
        ? `పదాల అర్థాలు (${AUTHOR_NAMES_TE.siva} గారి ప్రతిపదార్థం నుండి) మరియు వాటి వ్యాకరణ విశ్లేషణ ఆంగ్లంలో మాత్రమే ఉన్నాయి.`
        : `పదాల అర్థాలు ${AUTHOR_NAMES_TE.siva} గారి ప్రతిపదార్థం నుండి; అవి ఆంగ్లంలో మాత్రమే ఉన్నాయి.`,
    rootsCredit: html`ధాతువులు: <span lang="en">${DHATUPATHA_BY}</span> ధాతుపాఠం నుండి, <a href="${DHATUPATHA_LICENSE.url}">${DHATUPATHA_LICENSE.name}</a> లైసెన్స్ క్రింద.`,
    analysisCredit: html`పద విశ్లేషణ: <span lang="en">${DCS_AUTHOR}</span> గారి <span lang="en">${DCS_WORK}</span> నుండి, <a href="${DCS_LICENSE.url}">${DCS_LICENSE.name}</a> లైసెన్స్ క్రింద.`,
    versionMissing: (title) => `${title}లో ఈ శ్లోకం లేదు.`,
    notes: 'గమనికలు',
    aboutVersion: 'ఈ అనువాదం గురించి',
    summaryInEnglish: 'ఈ అధ్యాయ సారాంశం, అర్థం ఆంగ్లంలో మాత్రమే ఉన్నాయి.',
    // Telugu prosody's own words: ఛందస్సు (meter), గురువు and లఘువు (heavy and light), పాదం (a quarter of the verse).
    meter: {
      name: (meter) => html`ఛందస్సు: ${METERS_TELUGU[meter] ?? meter} <span lang="sa-Latn">(${meter})</span>`,
      marks: 'లఘు, గురు అక్షరాలు',
      legend: '– గురువు, ˘ లఘువు; పాదం చివరి అక్షరం గురువైనా లఘువైనా కావచ్చు. క్రీగీత ఉన్న అక్షరం ఛందో నియమాన్ని తప్పుతుంది.',
      weights: { G: 'గురువు', L: 'లఘువు' },
      irregular: 'క్రమరహితం, ఇక్కడ ఛందస్సు కుదరదు',
      hypermetric: 'అధికాక్షర పాదం',
    },
  },
};

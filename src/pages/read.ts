// The reading pages: /read/C/V (a verse) and /read/C (a chapter), as HTML that
// needs no JavaScript, with the tags link previews read (Open Graph, Twitter)
// and JSON-LD. Pure functions of the records: the server renders them per
// request, the build writes static copies (dist/read/...). Nothing here
// imports the HTTP layer (its 404 wording comes in as an argument), so both can call it.
//
// What the pages show of a record's texts is the display form
// (src/content/display.ts): the Devanagari with । and ॥, the IAST with | and
// ', translations and commentaries without the verse number upstream puts
// before them, never a placeholder; the records themselves are untouched.
import { COMMENTARY_LANGS, PARAMETERS, readingLangs, readParameters } from '../contract/parameters.ts';
import type { ManifestVersion } from '../contract/manifest.ts';
import type { VerseVersion, VerseVersions } from '../content/versions/model.ts';
import { CARD_TRANSLATIONS } from '../card/card.ts';
import { authorName } from '../content/author-names.ts';
import { BOOK_NAME } from '../content/book-name.ts';
import { devanagariMarks, endMark, iastMarks } from '../content/display.ts';
import { isReadable } from '../content/placeholders.ts';
import { textBody } from '../content/references.ts';
import { knownSpeaker, type ChapterRecord, type Commentary, type VerseRecord } from '../content/schema.ts';
import { afterWordList, WORD_LIST_TEXT, type Word } from '../content/words.ts';
import type { VerseLinks } from '../content/links.ts';
import { html, page, raw, type Raw } from './html.ts';
import { READING_LABELS } from './read-labels.ts';
import { dcsCredit, wordAnalysis } from './lemma.ts';
import { meterBlock, meterStyle } from './meter-marks.ts';
import type { VerseScan } from '../content/meter/shapes.ts';
import { DEFAULT_READING_LANG, READ_PATHS, READING_LANGS, READING_STYLE, type BaseUrl, type ReadingLang } from './reading.ts';

export { DEFAULT_READING_LANG, READ_PATHS, READING_LANGS, READING_STYLE, type BaseUrl, type ReadingLang };

export type { Word };

/** The text field of a translation and of a commentary, per language the commentaries are in. */
const FIELDS = { en: { translation: 'et', commentary: 'ec' }, hi: { translation: 'ht', commentary: 'hc' } } as const;
type CommentaryLang = keyof typeof FIELDS;
/** The page's language when its translations are the commentaries' (en, hi); null when they are a version's (te). */
const commentaryLang = (lang: ReadingLang): CommentaryLang | null => ((COMMENTARY_LANGS as readonly string[]).includes(lang) ? (lang as CommentaryLang) : null);
/** Whose translation a page shows without `?author=`: the card's choice (the first with something to say on the verse). */
const DEFAULT_AUTHORS: Record<CommentaryLang, readonly string[]> = {
  en: CARD_TRANSLATIONS.english.map(([key]) => key),
  hi: CARD_TRANSLATIONS.hindi.map(([key]) => key),
};

export interface ReadingOptions {
  lang: ReadingLang;
  /** A commentary key; null: the default for the language. */
  author: string | null;
  /** A version asked for by id (`?version=`); null or absent: none asked (a Telugu page shows its language's first version all the same). */
  version?: string | null;
}

/** What a page knows of the versions: the manifest's list (id, language, title, translator, credit). */
export type VersionInfo = Pick<ManifestVersion, 'id' | 'language' | 'title' | 'translator' | 'credit'>;

/**
 * `?lang=`, `?author=` and `?version=` of a reading page, checked: a bad
 * value is a clear message (the server answers 400), never a guess.
 * `authors` are the commentary keys of the content, `versions` its versions.
 * Without lang, a version's page speaks its language (where the pages have
 * its words).
 */
export function parseReadingOptions(params: URLSearchParams, authors: readonly string[], versions: readonly Pick<VersionInfo, 'id' | 'language'>[] = []): ReadingOptions | { error: string } {
  const facts = { versesPerChapter: [], speakers: [], commentaries: authors.map((key) => ({ key })), versions };
  const { values, refused } = readParameters([PARAMETERS.readingLang, PARAMETERS.author, PARAMETERS.readingVersion], params, facts);
  return refused ?? readingOptionsFrom(values, versions);
}

/** A page's parameters as read. */
export interface ReadingValues {
  lang?: ReadingLang;
  author?: string;
  version?: string;
}

/** A page's options from its parameters, each read already: one translation (an author or a version), and the language, by default the version's where the pages speak it. */
export function readingOptionsFrom(v: ReadingValues, versions: readonly Pick<VersionInfo, 'id' | 'language'>[]): ReadingOptions | { error: string } {
  if (v.author && v.version) return { error: 'author and version: a page shows one translation; give author (a commentary) or version, not both' };
  const own = v.version ? versions.find((x) => x.id === v.version)!.language : undefined;
  const spoken = v.lang ?? (own && (readingLangs({ versesPerChapter: [], speakers: [], versions }) as string[]).includes(own) ? (own as ReadingLang) : DEFAULT_READING_LANG);
  return { lang: spoken, author: v.author ?? null, version: v.version ?? null };
}

/** The version a page shows: the one asked for, else on a page whose language no commentary is in, that language's first. */
export function shownVersion(o: ReadingOptions, versions: readonly VersionInfo[]): VersionInfo | null {
  if (o.version) return versions.find((v) => v.id === o.version) ?? null;
  return commentaryLang(o.lang) ? null : (versions.find((v) => v.language === o.lang) ?? null);
}

/** The query a page's links carry to keep the reader's choice (empty for the defaults). */
function query(o: ReadingOptions): string {
  const q = new URLSearchParams();
  if (o.lang !== DEFAULT_READING_LANG) q.set('lang', o.lang);
  if (o.author) q.set('author', o.author);
  if (o.version) q.set('version', o.version);
  const s = q.toString();
  return s ? `?${s}` : '';
}

const said = isReadable;
const commentaryOf = (verse: VerseRecord, key: string): Commentary | null => {
  const c = verse[key];
  return c && typeof c === 'object' ? c : null;
};

export interface Translation {
  key: string;
  /** As the record names the author; a page shows authorName() of it (Devanagari on a Hindi page). */
  author: string;
  text: string;
  /** The same author's commentary in the language, when there is one. */
  commentary: string | null;
}

/** The asked author's commentary on a verse he has no translation of in the language: the page shows it, and says so. */
export interface AskedCommentary {
  key: string;
  /** As the record names the author. */
  author: string;
  commentary: string;
}

/**
 * The translation a page shows: the asked author's, else the language's
 * default; null when nobody has one (a colophon). `missing`: the asked
 * author, when he has no translation in the language on the verse. `asked`:
 * his commentary then, when he has one (Swami Chinmayananda's Hindi is
 * commentary only): the reader asked for him, so the page shows it, with
 * the default's translation but not the default's commentary.
 */
export function chooseTranslation(verse: VerseRecord, o: ReadingOptions): { shown: Translation | null; missing: string | null; asked: AskedCommentary | null } {
  const lang = commentaryLang(o.lang);
  if (!lang) return { shown: null, missing: o.author, asked: null };
  const pick = (key: string): Translation | null => {
    const c = commentaryOf(verse, key);
    const text = c?.[FIELDS[lang].translation];
    if (!c || !said(text)) return null;
    const commentary = c[FIELDS[lang].commentary];
    return { key, author: c.author, text, commentary: said(commentary) ? commentary : null };
  };
  const chosen = o.author ? pick(o.author) : null;
  if (chosen) return { shown: chosen, missing: null, asked: null };
  const own = o.author ? commentaryOf(verse, o.author) : null;
  const commentary = own?.[FIELDS[lang].commentary];
  const asked = own && said(commentary) ? { key: o.author!, author: own.author, commentary } : null;
  for (const key of DEFAULT_AUTHORS[lang]) {
    const t = pick(key);
    if (t) return { shown: asked ? { ...t, commentary: null } : t, missing: o.author, asked };
  }
  return { shown: null, missing: o.author, asked };
}

/**
 * The fields a chapter page reads of each record (`siva.et`, ..., and the
 * transliteration), as a projection's `fields`: the server cuts them from
 * the records' bytes instead of parsing whole records (a chapter's are
 * megabytes of commentary).
 */
export function chapterListFields(o: ReadingOptions): string[] {
  const lang = commentaryLang(o.lang);
  if (!lang || o.version) return ['transliteration'];
  const keys = new Set([...(o.author ? [o.author] : []), ...DEFAULT_AUTHORS[lang]]);
  return [...[...keys].map((k) => `${k}.${FIELDS[lang].translation}`), 'transliteration'].sort();
}

/** Every author with a translation of the verse in the language: the page links to each. */
function translators(verse: VerseRecord, lang: ReadingLang): Array<{ key: string; author: string }> {
  const fields = commentaryLang(lang) && FIELDS[commentaryLang(lang)!];
  const out: Array<{ key: string; author: string }> = [];
  if (!fields) return out;
  for (const [key, value] of Object.entries(verse)) {
    if (value && typeof value === 'object' && said((value as Commentary)[fields.translation])) out.push({ key, author: authorName(key, (value as Commentary).author, lang) });
  }
  return out;
}

const reference = (v: { chapter: number; verse: number }) => `${v.chapter}.${v.verse}`;
const isColophon = (verse: VerseRecord, chapter: ChapterRecord) => verse.verse === chapter.verses_count + 1;
const paragraphs = (text: string) => text.split(/\n+/).filter((p) => p.trim() !== '');
/** A translation as shown: without its leading verse number. */
const shownText = (text: string) => textBody(text).trim();
/**
 * A commentary as shown: without its leading verse number and, when the
 * page lists the verse's words (they are siva.ec's list), without that list;
 * null when nothing is left to read ("No Commentary." after the list).
 */
function shownCommentary(t: { key: string; commentary: string | null }, lang: CommentaryLang, wordsShown: boolean): string | null {
  if (!t.commentary) return null;
  const listed = wordsShown && t.key === WORD_LIST_TEXT.key && FIELDS[lang].commentary === WORD_LIST_TEXT.field;
  const text = shownText(listed ? afterWordList(t.commentary) : t.commentary);
  return isReadable(text) ? text : null;
}
/** A line for a preview: the text on one line, cut at a word near `max` characters. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * JSON-LD in a <script>: JSON cannot end the element except through `</`, and
 * `<` written as \u003c is the same JSON, so no text of the records can.
 */
function jsonLd(value: unknown): Raw {
  return raw(`<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`);
}

interface Preview {
  title: string;
  description: string;
  /** Absolute (with a base URL) or root-relative addresses. */
  url: string;
  image: string;
  imageAlt: string;
  /** Open Graph's locale of the page's language (en_US, hi_IN). */
  locale: string;
  /** The site's name in the page's language (the work's: Bhagavad Gita, श्रीमद्भगवद्गीता). */
  siteName: string;
}

/** The tags link previews read (Open Graph, and Twitter's card type), and the canonical link. */
function previewTags(p: Preview): Raw {
  return html`<link rel="canonical" href="${p.url}">
<meta property="og:type" content="article">
<meta property="og:site_name" content="${p.siteName}">
<meta property="og:locale" content="${p.locale}">
<meta property="og:title" content="${p.title}">
<meta property="og:description" content="${p.description}">
<meta property="og:url" content="${p.url}">
<meta property="og:image" content="${p.image}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${p.imageAlt}">
<meta name="twitter:card" content="summary_large_image">`;
}

export interface VersePageInput {
  verse: VerseRecord;
  chapter: ChapterRecord;
  /** The verses before and after in reading order, across chapters (colophons included); null at either end. */
  prev: { chapter: number; verse: number } | null;
  next: { chapter: number; verse: number } | null;
  words: readonly Word[];
  /** The verse's links (src/content/links.ts): the page lists the commentaries of other verses that cite it. */
  links?: VerseLinks;
  /** The verse's scansion (src/content/meter/): the page names its meter and marks its syllables on request. */
  meter?: VerseScan;
  /** The build's versions, and the verse in them (when the page shows one: /slok/{ch}/{sl}/versions). */
  versions?: { list: readonly VersionInfo[]; verse?: VerseVersions };
  options: ReadingOptions;
  base: BaseUrl;
}

/** The languages a page offers: those the build can show (a Telugu page needs a Telugu version). */
const offered = (list: readonly VersionInfo[]) => readingLangs({ versesPerChapter: [], speakers: [], versions: list });

/** /read/C/V: the verse, who speaks it, a translation, its words, the way on. */
export function versePage(input: VersePageInput): string {
  const { verse, chapter, prev, next, words, links, options, base } = input;
  const colophon = isColophon(verse, chapter);
  const speaker = verse.speaker ? knownSpeaker(verse.speaker) : undefined;
  const list = input.versions?.list ?? [];
  const version = shownVersion(options, list);
  const entry = version ? input.versions?.verse?.versions.find((v) => v.id === version.id) : undefined;
  const { shown, missing, asked } = version ? { shown: null, missing: options.author, asked: null } : chooseTranslation(verse, options);
  const versionText = entry?.text ?? null;
  const ref = reference(verse);
  const q = query(options);
  const lang = options.lang;
  const L = READING_LABELS[lang];
  // An author as the page names him (notices too): the table's name in the page's language, else the record's, else his key.
  const nameOf = (key: string) => authorName(key, commentaryOf(verse, key)?.author ?? key, lang);
  const speaks = !colophon && typeof verse.speaker === 'string' && verse.speaker !== '';
  const title = `${L.book} ${ref}${colophon ? ` (${L.colophon})` : speaks ? ` · ${L.speakerShort(verse.speaker!, speaker?.label ?? null)}` : ''}`;
  const slok = devanagariMarks(verse.slok);
  const transliteration = iastMarks(verse.transliteration);
  const description = excerpt(versionText ? withoutCalls(versionText) : shown ? shownText(shown.text) : transliteration);
  const url = `${base}${READ_PATHS.verse(verse.chapter, verse.verse)}${q}`;
  const others = [...translators(verse, options.lang).map((o) => ({ ...o, q: query({ lang, author: o.key }), current: shown?.key === o.key })), ...list.filter((v) => v.language === lang).map((v) => ({ key: v.id, author: v.title, q: query({ lang, author: null, version: v.id }), current: version?.id === v.id }))];

  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Quotation',
    '@id': url,
    url,
    name: title,
    identifier: verse._id,
    position: verse.verse,
    inLanguage: 'sa',
    text: slok,
    ...(speaker && !colophon && { spokenByCharacter: { '@type': 'Person', name: speaker.label, alternateName: speaker.name } }),
    isPartOf: {
      '@type': 'Chapter',
      name: `${chapter.translation} (${chapter.name})`,
      position: chapter.chapter_number,
      url: `${base}${READ_PATHS.chapter(chapter.chapter_number)}`,
      isPartOf: { '@type': 'Book', name: BOOK_NAME.en, alternateName: BOOK_NAME.hi, inLanguage: 'sa' },
    },
    image: `${base}${READ_PATHS.card(verse.chapter, verse.verse)}`,
    // The translator named as the page names him (structured data says what the page shows), with the record's spelling beside it on a Hindi page.
    ...(shown && {
      workTranslation: { '@type': 'CreativeWork', inLanguage: lang, text: shownText(shown.text), translator: translator(shown, lang) },
    }),
    ...(version && versionText && {
      workTranslation: { '@type': 'CreativeWork', name: version.title, inLanguage: version.language, text: withoutCalls(versionText), translator: { '@type': 'Person', name: version.translator }, creditText: version.credit },
    }),
  };

  const head = html`${previewTags({ title, description, url, image: `${base}${READ_PATHS.card(verse.chapter, verse.verse)}`, imageAlt: L.cardAlt(ref), locale: L.locale, siteName: L.book })}
${jsonLd(structured)}`;

  const link = (to: { chapter: number; verse: number }) => `${base}${READ_PATHS.verse(to.chapter, to.verse)}${q}`;
  const body = html`<article>
<p class="ref"><a href="${base}${READ_PATHS.chapter(chapter.chapter_number)}${q}">${lang === 'en' ? `${L.chapter(chapter.chapter_number)} · ${chapter.translation}` : L.chapter(chapter.chapter_number)}</a> · <span lang="sa">${chapter.name}</span></p>
<h1>${L.book} ${ref}${colophon ? ` · ${L.colophon}` : ''}</h1>
${speaks ? html`<p class="by">${L.speaker(verse.speaker!, speaker?.label ?? null)}</p>` : ''}
<p class="slok" lang="sa">${withEndMark(slok)}</p>
<p class="translit" lang="sa-Latn">${withEndMark(transliteration)}</p>
${meterBlock(input.meter, lang)}
${version ? versionBlock(version, entry, missing && nameOf(missing), lang, base) : translationBlock({ shown, missing: missing && nameOf(missing), asked }, lang, words.length > 0, linked(links, base, q, lang))}
${words.length ? wordSection(words, lang, base) : ''}
${links?.citedBy.length ? citedBySection(verse, links, lang, base, q) : ''}
${others.length ? html`<section><h2>${L.otherTranslations}</h2><ul class="choices">${others.map((o) => html`<li><a href="${base}${READ_PATHS.verse(verse.chapter, verse.verse)}${o.q}"${o.current ? raw(' aria-current="true"') : ''}>${o.author}</a></li>`)}</ul></section>` : ''}
<p class="choices">${offered(list).map((l) => (l === lang ? html`<strong lang="${l}">${READING_LABELS[l].language}</strong>` : html`<a lang="${l}" href="${base}${READ_PATHS.verse(verse.chapter, verse.verse)}${query({ lang: l, author: null })}">${READING_LABELS[l].language}</a>`))} · <a href="${base}/slok/${verse.chapter}/${verse.verse}">${L.json}</a></p>
<nav class="pager" aria-label="${L.verses}">${prev ? html`<a rel="prev" href="${link(prev)}">← ${reference(prev)}</a>` : html`<span></span>`}<a href="${base}${READ_PATHS.chapter(chapter.chapter_number)}${q}">${L.chapter(chapter.chapter_number)}</a>${next ? html`<a rel="next" href="${link(next)}">${reference(next)} →</a>` : html`<span></span>`}</nav>
</article>`;
  return page(`${title} — ${lang === 'en' ? chapter.translation : chapter.name}`, body, description, { head, style: READING_STYLE + meterStyle(lang), lang, nav: L.nav });
}

/** A version's footnote call as its text writes it: [1]. */
const CALL = /\[([^\]\s]{1,8})\]/g;
/** A version's text without its footnote calls (for a preview, a list). */
const withoutCalls = (text: string) => text.replace(CALL, '');

/**
 * A version's translation of the verse: its paragraphs (each footnote call a
 * link to its note), its title and translator, and its credit beside it,
 * linked to the version's description (its license, how it was read); a
 * version that lacks the verse says so, and nothing stands in for it.
 */
function versionBlock(version: VersionInfo, entry: VerseVersion | undefined, missing: string | null | undefined, lang: ReadingLang, base: BaseUrl): Raw {
  const L = READING_LABELS[lang];
  const note = missing ? html`<p class="muted">${L.noTranslation(missing, !!entry?.text)}</p>` : '';
  const credit = html`<p class="credit">${version.credit} · <a href="${base}/versions/${version.id}">${L.aboutVersion}</a></p>`;
  if (!entry || entry.text === null) return html`${note}<p class="muted" lang="${lang}">${L.versionMissing(version.title)}</p>${credit}`;
  const notes = 'notes' in entry ? (entry.notes ?? []) : [];
  const called = (p: string): Raw[] => {
    const out: Raw[] = [];
    let at = 0;
    for (const m of p.matchAll(CALL)) {
      const known = notes.some((n) => n.call === m[1]);
      out.push(html`${p.slice(at, m.index)}`, known ? html`<sup><a href="#note-${m[1]}" id="call-${m[1]}">${m[1]}</a></sup>` : html`${m[0]}`);
      at = m.index + m[0].length;
    }
    out.push(html`${p.slice(at)}`);
    return out;
  };
  return html`${note}<section class="translation" lang="${version.language}">${paragraphs(entry.text).map((p) => html`<p>${called(p)}</p>`)}<p class="by">— ${version.translator}, <cite>${version.title}</cite></p></section>
${credit}${notes.length ? html`<section class="notes" lang="${version.language}"><h2 lang="${lang}">${L.notes}</h2><ol>${notes.map((n) => html`<li id="note-${n.call}"${/^\d+$/.test(n.call) ? raw(` value="${n.call}"`) : ''}>${n.text} <a href="#call-${n.call}" aria-label="↑">↑</a></li>`)}</ol></section>` : ''}`;
}

/** The translator in JSON-LD: the name the page shows, and on a Hindi page the record's own spelling as its alternate name. */
function translator(shown: Translation, lang: ReadingLang) {
  const name = authorName(shown.key, shown.author, lang);
  return { '@type': 'Person', name, ...(name !== shown.author && { alternateName: shown.author }) };
}

/**
 * A verse's text with its closing mark and number ("॥३-५॥", "||3-5||") in a
 * span that does not wrap, with the space before it: a phone's line never
 * ends on "॥" with "३-५॥" on the next, nor starts with the mark alone.
 */
function withEndMark(text: string): Raw {
  const { body, mark } = endMark(text);
  return mark ? html`${body}<span class="num"> ${mark}</span>` : html`${text}`;
}

/**
 * The verse's words: Swami Sivananda's English glosses (marked English on a
 * page in another language, which says so above them), each with the word
 * analysis under it, and the analysis's credit when any word has one.
 */
function wordSection(words: readonly Word[], lang: ReadingLang, base: BaseUrl): Raw {
  const L = READING_LABELS[lang];
  const analysed = words.some((w) => w.analysis?.length);
  return html`<section><h2>${L.wordByWord}</h2>${L.glossesInEnglish ? html`<p class="muted">${L.glossesInEnglish(analysed)}</p>` : ''}<dl class="words">${words.map((w) => html`<dt><span lang="sa">${w.word}</span><span lang="sa-Latn">${w.transliteration}</span></dt><dd${lang === 'en' ? '' : raw(' lang="en"')}>${w.meaning}${wordAnalysis(w.analysis, base)}</dd>`)}</dl>${analysed ? dcsCredit(lang) : ''}${words.some((w) => w.analysis?.some((a) => a.root)) ? html`<p class="credit">${L.rootsCredit}</p>` : ''}</section>`;
}

/**
 * A text that only points to the commentary under another verse: upstream's
 * "See Commentary under 13.7" (Swami Chinmayananda's Hindi on 18 verses,
 * Abhinavagupta's and Sri Shankaracharya's English on many more), the
 * words before the one citation the link graph found in it (after a verse
 * number the display left: BG5.7's "5৷৷7"), and after it only its stop. The
 * page says it in its own words, that verse linked.
 */
const POINTER = { before: /^[\s\d.।|৷]*see\s+com+ent(?:ary)?\s+(?:under|on)\s*$/i, after: /^[\s.,;]*$/ };

/**
 * A text of the verse as the page shows it: its paragraphs, each citation of
 * another verse that the link graph found in it (its places, `at`: the
 * miner's reading, the one /slok/{ch}/{sl}/links answers) a link to that
 * verse's page (a range: its first verse). Nothing is read again here.
 */
type Shown = (field: { key: string; field: string; raw: string; shown: string }) => Raw[];

function linked(links: VerseLinks | undefined, base: BaseUrl, q: string, lang: ReadingLang): Shown {
  const anchor = (raw: string, p: { from: number; to: number; ref: string }) => {
    const [, ch, sl] = /^BG(\d+)\.(\d+)/.exec(p.ref)!;
    return html`<a href="${base}${READ_PATHS.verse(Number(ch), Number(sl))}${q}" data-gita-ref="${p.ref}">${raw.slice(p.from, p.to)}</a>`;
  };
  return ({ key, field, raw, shown }) => {
    // The shown text is the raw one cut at both ends (textBody, afterWordList, trim): where it starts in the raw one.
    const end = raw.trimEnd().length;
    const start = end - shown.length;
    const places = (links?.cites ?? [])
      .filter((c) => c.by === key && c.field === field)
      .flatMap((c) => (c.at ?? []).map(([from, to]) => ({ from, to, ref: c.to })))
      .sort((x, y) => x.from - y.from);
    // A text that only points to the commentary under another verse: said in the page's words, the verse it cites linked.
    const inside = places.filter((p) => p.from >= start && p.to <= end);
    if (inside.length === 1 && POINTER.before.test(raw.slice(start, inside[0].from)) && POINTER.after.test(raw.slice(inside[0].to, end))) {
      return [html`<p>${READING_LABELS[lang].pointer(anchor(raw, inside[0]))}</p>`];
    }
    const out: Raw[] = [];
    for (const m of raw.slice(start, end).matchAll(/[^\n]+/g)) {
      const [ps, pe] = [start + m.index, start + m.index + m[0].length];
      if (!m[0].trim()) continue;
      const parts: Raw[] = [];
      let at = ps;
      for (const p of places) {
        if (p.from < at || p.to > pe) continue;
        parts.push(html`${raw.slice(at, p.from)}${anchor(raw, p)}`);
        at = p.to;
      }
      parts.push(html`${raw.slice(at, pe)}`);
      out.push(html`<p>${parts}</p>`);
    }
    return out;
  };
}

/** The commentaries on other verses that cite this one: each verse once, with who cites it. */
function citedBySection(verse: VerseRecord, links: VerseLinks, lang: ReadingLang, base: BaseUrl, q: string): Raw {
  const L = READING_LABELS[lang];
  const authorOf = (key: string) => authorName(key, ((verse as unknown as Record<string, unknown>)[key] as Commentary | undefined)?.author ?? key, lang);
  const byVerse = new Map<string, string[]>();
  for (const c of links.citedBy) {
    const who = byVerse.get(c.from) ?? byVerse.set(c.from, []).get(c.from)!;
    if (!who.includes(authorOf(c.by))) who.push(authorOf(c.by));
  }
  const order = (id: string) => id.slice(2).split('.').map(Number);
  const refs = [...byVerse.keys()].sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
  return html`<section class="cited-by"><h2>${L.citedBy}</h2><ul>${refs.map((id) => {
    const [ch, sl] = order(id);
    return html`<li><a href="${base}${READ_PATHS.verse(ch, sl)}${q}">${ch}.${sl}</a> <span class="muted">${byVerse.get(id)!.join(', ')}</span></li>`;
  })}</ul></section>`;
}

/**
 * The translation shown and, folded, its author's commentary; an asked
 * author with no translation here is said so by name (`missing`), and when
 * he has a commentary in the language (`asked`) it is shown open, in place
 * of the translation's author's.
 */
function translationBlock(t: { shown: Translation | null; missing: string | null; asked: AskedCommentary | null }, lang: ReadingLang, wordsShown: boolean, paragraphsOf: Shown): Raw {
  const { shown, missing, asked } = t;
  const L = READING_LABELS[lang];
  const note = missing ? html`<p class="muted">${asked ? L.commentaryOnly(missing, shown !== null) : L.noTranslation(missing, shown !== null)}</p>` : '';
  const own = commentaryLang(lang);
  if (!own) return html`${note}`;
  const fields = FIELDS[own];
  const by = asked ?? shown;
  const commentary = by && shownCommentary(by, own, wordsShown);
  const folded = by && commentary ? html`<details lang="${lang}"${asked ? raw(' open') : ''}><summary>${L.commentaryBy(authorName(by.key, by.author, lang))}</summary>${paragraphsOf({ key: by.key, field: fields.commentary, raw: by.commentary!, shown: commentary })}</details>` : '';
  if (!shown) return html`${note}${folded}`;
  return html`${note}<section class="translation" lang="${lang}">${paragraphsOf({ key: shown.key, field: fields.translation, raw: shown.text, shown: shownText(shown.text) })}<p class="by">— ${authorName(shown.key, shown.author, lang)}</p></section>
${folded}`;
}

export interface ChapterPageInput {
  chapter: ChapterRecord;
  /** The chapter's records in order, the colophon last. */
  verses: readonly VerseRecord[];
  /** The chapters before and after; null at either end. */
  prev: ChapterRecord | null;
  next: ChapterRecord | null;
  /** The build's versions, and by ref the text of the one the page shows (null: it lacks the verse). */
  versions?: { list: readonly VersionInfo[]; texts?: ReadonlyMap<string, string | null> };
  options: ReadingOptions;
  base: BaseUrl;
}

/** /read/C: the chapter's name, meaning and summary, and every verse with the start of its translation. */
export function chapterPage(input: ChapterPageInput): string {
  const { chapter, verses, prev, next, options, base } = input;
  const n = chapter.chapter_number;
  const lang = options.lang;
  const L = READING_LABELS[lang];
  const q = query(options);
  const list = input.versions?.list ?? [];
  const version = shownVersion(options, list);
  // The records have a chapter's summary and meaning in English and Hindi: another language's page shows the English, and says so.
  const told = commentaryLang(lang) ?? 'en';
  const title = lang === 'en' ? `Bhagavad Gita, chapter ${n}: ${chapter.translation}` : `${L.book}, ${L.chapter(n)}: ${chapter.name}`;
  const summary = chapter.summary[told];
  const description = excerpt(summary);
  const url = `${base}${READ_PATHS.chapter(n)}${q}`;
  const image = `${base}${READ_PATHS.card(n, 1)}`;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Chapter',
    '@id': url,
    url,
    name: `${chapter.translation} (${chapter.name})`,
    alternateName: chapter.transliteration,
    position: n,
    inLanguage: 'sa',
    abstract: summary,
    image,
    isPartOf: { '@type': 'Book', name: BOOK_NAME.en, alternateName: BOOK_NAME.hi, inLanguage: 'sa' },
  };
  const head = html`${previewTags({ title, description, url, image, imageAlt: L.cardAlt(`${n}.1`), locale: L.locale, siteName: L.book })}
${jsonLd(structured)}`;
  const chapterLink = (c: ChapterRecord) => `${base}${READ_PATHS.chapter(c.chapter_number)}${q}`;
  const start = (v: VerseRecord): Raw | '' => {
    if (version) {
      const text = input.versions?.texts?.get(v._id);
      return text ? html` <span lang="${version.language}">${excerpt(withoutCalls(text), 120)}</span>` : '';
    }
    const t = chooseTranslation(v, options).shown;
    return t ? html` <span lang="${lang}">${excerpt(shownText(t.text), 120)}</span>` : '';
  };
  const body = html`<article>
<p class="ref">${L.chapterOf(n)} · <span lang="sa-Latn">${chapter.transliteration}</span></p>
<h1><span lang="sa">${chapter.name}</span>${lang === 'en' ? ` · ${chapter.translation}` : ''}</h1>
${L.summaryInEnglish ? html`<p class="muted">${L.summaryInEnglish}</p>` : ''}
<p class="by" lang="${told}">${chapter.meaning[told]}</p>
<section lang="${told}">${paragraphs(summary).map((p) => html`<p>${p}</p>`)}</section>
<p class="choices">${offered(list).map((l) => (l === lang ? html`<strong lang="${l}">${READING_LABELS[l].language}</strong>` : html`<a lang="${l}" href="${base}${READ_PATHS.chapter(n)}${query({ lang: l, author: null })}">${READING_LABELS[l].language}</a>`))}</p>
<h2>${L.verses}</h2>
<ol class="verses">${verses.map((v) => {
    const colophon = isColophon(v, chapter);
    const shown = start(v);
    return html`<li><a href="${base}${READ_PATHS.verse(n, v.verse)}${q}">${reference(v)}</a>${colophon ? L.colophonEntry : ''}${shown || (colophon ? '' : html` <span lang="sa-Latn">${excerpt(iastMarks(v.transliteration), 120)}</span>`)}</li>`;
  })}</ol>
<nav class="pager" aria-label="${L.chapters}">${prev ? html`<a rel="prev" href="${chapterLink(prev)}">← ${L.chapter(prev.chapter_number)}</a>` : html`<span></span>`}${next ? html`<a rel="next" href="${chapterLink(next)}">${L.chapter(next.chapter_number)} →</a>` : html`<span></span>`}</nav>
</article>`;
  return page(title, body, description, { head, style: READING_STYLE, lang, nav: L.nav });
}

/** The page for a verse or chapter that is not there (the server answers it with 404); `message` is the API's wording (NOT_FOUND.verse). */
export function notFoundPage(message: string, base: BaseUrl = ''): string {
  const body = html`<h1>Not found</h1>
<p>${message}</p>
<p><a href="${base}${READ_PATHS.chapter(1)}">Chapter 1</a> · <a href="${base}/">Documentation</a></p>`;
  return page('Not found · Bhagavad Gita', body, message, { head: html`<meta name="robots" content="noindex">`, style: READING_STYLE });
}

/** A reading page's address with a parameter it cannot take: what was wrong and what it takes, as a page. */
export function badRequestPage(message: string, base: BaseUrl = ''): string {
  const body = html`<h1>Bad request</h1>
<p>${message}</p>
<p><a href="${base}${READ_PATHS.chapter(1)}">Chapter 1</a> · <a href="${base}/">Documentation</a></p>`;
  return page('Bad request · Bhagavad Gita', body, message, { head: html`<meta name="robots" content="noindex">`, style: READING_STYLE });
}

/** Reading order across chapters: each record's previous and next (colophons included, as /chapter/C/slok lists them). */
export function neighbours<T>(records: readonly T[], index: number): { prev: T | null; next: T | null } {
  return { prev: records[index - 1] ?? null, next: records[index + 1] ?? null };
}

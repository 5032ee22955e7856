// The readable side of a tool result: what a model (or a person) reads first.
// A verse as its reference, the Sanskrit and the transliteration with the
// script's own marks (src/content/display.ts), and one translation with its
// author, without the verse number upstream puts before it; never a
// placeholder. The records themselves go in structuredContent as the API
// serves them (their transliteration in IAST's marks too with marks="iast":
// the same function, which leaves a form already in IAST as it is).
import type { VerseLinks } from '../content/links.ts';
import type { VerseVersions } from '../content/versions/model.ts';
import type { PadaScan, VerseScan } from '../content/meter/shapes.ts';
import { padaName } from '../content/meter/scan.ts';
import type { AnalysedWord, LemmaEntry } from '../content/dcs/served.ts';
import { posInWords } from '../content/dcs/grammar.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { CARD_TRANSLATIONS } from '../card/card.ts';
import { devanagariMarks, iastMarks } from '../content/display.ts';
import { isReadable } from '../content/placeholders.ts';
import { textBody } from '../content/references.ts';
import type { AuthorEntry } from '../content/author-entry.ts';
import type { Lang } from '../content/projection.ts';
import { knownSpeaker, type ChapterRecord, type Commentary, type VerseRecord } from '../content/schema.ts';
import type { SearchResponse } from '../search/query.ts';
import type { Word } from './library.ts';

/** The text field a translation in each language is in. */
const TRANSLATION_FIELD: Record<Lang, 'et' | 'ht' | 'sc'> = { en: 'et', hi: 'ht', sa: 'sc' };

/**
 * The translation to show: the first of the authors asked for that has text
 * in the language, else the card's choice for the language (Sivananda and
 * others in English, Tejomayananda and others in Hindi). Null when none has
 * (a colophon, or a projection that kept none).
 */
export function translationOf(record: VerseRecord, lang: Lang = 'en', authors?: readonly string[]): { text: string; author: string; key: string } | null {
  const field = TRANSLATION_FIELD[lang];
  const choices: Array<readonly [string, string]> = [
    ...(authors ?? []).map((a) => [a, field] as const),
    ...(lang === 'hi' ? CARD_TRANSLATIONS.hindi : lang === 'en' ? CARD_TRANSLATIONS.english : []),
  ];
  // What the record still carries in the language, for a projection that kept other authors only.
  for (const [key, value] of Object.entries(record)) if (typeof value === 'object' && value && field in value) choices.push([key, field]);
  for (const [key, f] of choices) {
    const c = record[key] as Commentary | undefined;
    const text = c?.[f as keyof Commentary];
    if (c && isReadable(text)) return { text: textBody(text).trim(), author: c.author, key };
  }
  return null;
}

export const reference = (r: { chapter: number; verse: number }) => `Bhagavad Gita ${r.chapter}.${r.verse}`;

/** One verse, readable. */
export function verseText(record: VerseRecord, lang?: Lang, authors?: readonly string[]): string {
  const speaker = typeof record.speaker === 'string' ? (knownSpeaker(record.speaker)?.label ?? record.speaker) : null;
  const lines = [`${reference(record)}${speaker ? ` (${speaker})` : ''}`];
  if (typeof record.slok === 'string') lines.push('', devanagariMarks(record.slok.trim()));
  if (typeof record.transliteration === 'string') lines.push('', iastMarks(record.transliteration.trim()));
  const t = translationOf(record, lang, authors);
  if (t) lines.push('', `${t.text}`, `(translation: ${t.author}; "${t.key}" in the record)`);
  return lines.join('\n');
}

export function chapterText(c: ChapterRecord): string {
  return [`Chapter ${c.chapter_number}: ${c.name} (${c.transliteration}), "${c.translation}"`, `${c.verses_count} verses.`, '', c.meaning.en, '', c.summary.en].join('\n');
}

export function searchText(q: string, r: SearchResponse): string {
  if (!r.results.length) return `No verse matches ${JSON.stringify(q)}${r.hint ? `: ${r.hint}` : ''}.`;
  const range = r.offset || r.results.length < r.total ? `; ${r.offset + 1} to ${r.offset + r.results.length} of them${r.offset + r.results.length < r.total ? ` (the next: offset ${r.offset + r.results.length})` : ''}` : `; the best ${r.results.length}`;
  const how = r.searched?.devanagari ? ` (the Hindi searched as ${r.searched.devanagari})` : r.searched?.phrase ? ` (common words only: searched as one phrase)` : '';
  const lines = [`${r.total} verse${r.total === 1 ? '' : 's'} match ${JSON.stringify(q)}${how}${range}:`];
  const credits = new Map<string, string>();
  for (const x of r.results) {
    lines.push('', `${reference(x)}`);
    for (const m of x.matches) {
      lines.push(`  ${m.field}${m.author ? ` (${m.author})` : ''}: ${m.snippet.replace(/\s*\n\s*/g, ' / ')}`);
      if (m.version && m.credit) credits.set(m.version, m.credit);
    }
  }
  // A version's text goes with its credit (its license asks for it): once per version shown.
  for (const [id, credit] of credits) lines.push('', `Credit (${id}): ${credit}`);
  return lines.join('\n');
}

/** A verse's links as lines: the verses its commentaries cite, those that cite it, the groups, the other works. */
export function linksText(links: VerseLinks): string {
  const lines = [`${links.ref}: cites ${links.cites.length} verses, cited by ${links.citedBy.length}, ${links.external.length} other works cited`];
  for (const c of links.cites) lines.push(`cites ${c.to} (${c.by}.${c.field}: ${c.text})`);
  for (const c of links.citedBy) lines.push(`cited by ${c.from} (${c.by}.${c.field}: ${c.text})`);
  for (const c of links.covers) lines.push(`${c.by}.${c.field} is written on ${c.range}`);
  for (const e of links.external) lines.push(`cites ${e.work ?? 'a work it does not name,'} ${e.loc} (${e.by}.${e.field}: ${e.text})`);
  return lines.join('\n');
}

/** A verse in the versions: each text under its version's id and language, its footnotes, and its credit (which goes with the text). */
export function versionsText(vv: VerseVersions): string {
  if (!vv.versions.length) return `${vv.ref}: no version beyond the commentaries in this build.`;
  return vv.versions
    .map((v) => (v.text === null ? `${vv.ref}, ${v.id} (${v.language}): this version lacks the verse.` : [`${vv.ref}, ${v.id} (${v.language}): ${v.text}`, ...(v.notes ?? []).map((n) => `[${n.call}] ${n.text}`), `Credit: ${v.credit}`].join('\n')))
    .join('\n\n');
}

/** A verse scanned: its meter, then each pāda with its syllables and weights, then what the scansion noted. */
export function meterText(v: VerseScan): string {
  if (!v.padas.length) return `${v.ref}: ${v.meter === 'prose' ? 'prose' : 'not scanned'}. ${v.notes.join('; ')}`;
  const head = `${v.ref}: ${v.meter}, ${v.regular ? 'it scans' : 'it does not scan'}${v.halves ? ` (halves: ${v.halves.join(', ')})` : ''}. L light, G heavy.`;
  return [head, ...v.padas.map((p, i) => padaText(p, i)), ...(v.notes.length ? [`Notes: ${v.notes.join('; ')}`] : [])].join('\n');
}

function padaText(p: PadaScan, i: number): string {
  const breaks = p.breaks?.length ? `; breaks at ${p.breaks.map((b) => `${b.at} (${b.text} ${b.weight}, ${b.wanted} wanted)`).join(', ')}` : '';
  return `${padaName(i)}. ${p.text}: ${p.syllables.map((s) => s.iast).join(' ')}: ${p.pattern}, ${p.form}${breaks}`;
}

export function wordsText(ch: number, sl: number, words: readonly Word[]): string {
  if (!words.length) return `No word list for Bhagavad Gita ${ch}.${sl} in this build.`;
  return [`Words of Bhagavad Gita ${ch}.${sl}:`, ...words.map((w) => `${w.word} (${w.transliteration}): ${w.meaning}${analysisText(w.analysis)}`)].join('\n');
}

/** The DCS words an entry covers: " [karman: locative singular neuter noun; ...]". */
function analysisText(analysis: readonly AnalysedWord[] | undefined): string {
  if (!analysis?.length) return '';
  return ` [${analysis.map((a) => `${a.lemma}: ${[a.grammar, posInWords(a.pos)].filter(Boolean).join(' ')}`).join('; ')}]`;
}

/** A lemma's occurrences, the first `shown` of them, one line each. */
export function lemmaText(entry: LemmaEntry, shown: number): string {
  const head = `${entry.lemma} (${entry.pos.map(posInWords).join(', ')}): ${entry.count} occurrence${entry.count === 1 ? '' : 's'} in the Gita${entry.also ? `; typed the same in ASCII: ${entry.also.join(', ')}` : ''}.`;
  const lines = entry.occurrences.slice(0, shown).map((o) => `${o.ref} ${o.form}${o.grammar ? ` (${o.grammar})` : ''}`);
  const more = entry.count > shown ? [`... and ${entry.count - shown} more (raise limit, or GET /lemma/${entry.lemma}).`] : [];
  return [head, ...lines, ...more, DCS_ATTRIBUTION].join('\n');
}

/** The commentaries described, one line each: key, author, and each text field's language, kind and verses. */
export function authorsText(authors: readonly AuthorEntry[]): string {
  return authors
    .map((a) => {
      const fields = Object.entries(a.fields).map(([f, d]) => `${f} (${d!.lang} ${d!.kind}, ${d!.verses} verses)`);
      return `${a.key}: ${a.author}; ${fields.join(', ')}`;
    })
    .join('\n');
}

// The Telugu translation of Telugu Wikisource, as a parse of its pages left
// it: one JSON object keyed "C.V" on the records' 701 verses, each
// { pratika, translation_telugu, commentary_telugu }. Only the translation
// is the version's text: the commentary is another work (rules.ts drops what
// of it the parse pushed into the translation), and the pratīka, the verse's
// own opening words in Telugu script, places the translation beside it: an
// entry whose pratīka is another verse's opening is that verse's (the parse
// keyed three sections of chapter 18 one off), not its key's. Placing is no
// repair: it changes no text, and every move is listed.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { containment, spelling } from '../dcs/letters.ts';
import { Sanscript } from '../iast.ts';
import { ContentError, type ContentProblem } from '../validate.ts';
import type { RawVersion, VersionDefect } from './model.ts';
import { placeOf, type ChapterCounts } from './refs.ts';

export const TELUGU_FILE = 'telugu-wikisource.json';

/**
 * Translations shorter than their verses, read one by one: listed, never
 * changed or filled. `text` is the translation as it was read: when the
 * source changes it, the defect is listed as to be read again.
 */
export const TELUGU_SHORT: ReadonlyArray<{ ref: string; text: string; lacks: string }> = [
  { ref: 'BG2.23', text: 'దీనిని శస్త్రాలు ఛేదించలేవు', lacks: 'says only that weapons cannot cut it; the verse goes on: fire does not burn it, water does not wet it, wind does not dry it' },
  { ref: 'BG12.13', text: 'ఏ ప్రాణిని ద్వేషించని వాడు, అహంకార మమకారాలు లేని వాడు, సుఖదుఃఖాలలో సమంగా వ్యవహరించేవాడు, క్షమా గుణం కలవాడు,', lacks: 'leaves out two of the verse\'s qualities, friendly and compassionate (maitraḥ karuṇa eva ca); found in the labelled sample' },
  { ref: 'BG16.2', text: 'అహింస, సత్యం, కోపము లేకపోవడం, మృదుస్వభావం, సిగ్గు, చాపల్యం లేకపోవడం', lacks: 'names six of the verse\'s virtues (non-violence, truth, freedom from anger, gentleness, modesty, steadiness) and leaves out renunciation, peace, not slandering, compassion to beings and freedom from greed' },
];

interface Entry {
  pratika?: unknown;
  translation_telugu?: unknown;
  commentary_telugu?: unknown;
}

/** How much of a pratīka's letters must be found, in order, at a verse's opening for it to be that verse's. */
const FITS = 0.9;

/** Read the file of `dir`: every key a verse of the records, every translation a string, each placed by its pratīka on the verses' `transliterations` (by ref). */
export async function readTelugu(dir: string, counts: ChapterCounts, transliterations: ReadonlyMap<string, string>): Promise<Omit<RawVersion, 'manifest'>> {
  const file = join(dir, TELUGU_FILE);
  const bytes = await readFile(file);
  let data: Record<string, Entry>;
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    data = JSON.parse(source);
  } catch (err) {
    throw new ContentError([{ file, path: '$', expected: `expected UTF-8 JSON (${(err as Error).message})` }]);
  }
  const problems: ContentProblem[] = [];
  const lines = keyLines(source);
  const texts: Array<RawVersion['texts'][number] & { pratika: string }> = [];
  for (const [key, entry] of Object.entries(data)) {
    const place = placeOf(key, counts);
    if (typeof place === 'string' || place.kind !== 'verse') problems.push({ file, path: `$[${JSON.stringify(key)}]`, expected: typeof place === 'string' ? place : 'a verse, not a colophon' });
    else if (typeof entry?.translation_telugu !== 'string') problems.push({ file, path: `$[${JSON.stringify(key)}].translation_telugu`, expected: 'expected a string' });
    else texts.push({ ref: place.ref, text: entry.translation_telugu, at: { file, line: lines.get(key) ?? 1 }, pratika: typeof entry.pratika === 'string' ? entry.pratika : '' });
  }
  if (problems.length) throw new ContentError(problems);
  const defects = placeByPratika(texts, transliterations);
  return { from: basename(dir), files: [{ name: TELUGU_FILE, sha256: createHash('sha256').update(bytes).digest('hex') }], texts: texts.map(({ pratika: _, ...t }) => t), defects: [...defects, ...shortDefects(texts)] };
}

/** The line of the file where each key stands (1 when the file is on one line), to name it in an error. */
function keyLines(source: string): Map<string, number> {
  const lines = new Map<string, number>();
  source.split('\n').forEach((line, i) => {
    const m = /^\s*"(\d+\.\d+)"\s*:/.exec(line);
    if (m && !lines.has(m[1])) lines.set(m[1], i + 1);
  });
  return lines;
}

/** The letters a verse opens with, its speaker line aside. */
const opening = (transliteration: string) => spelling(transliteration.replace(/^.*uvāca\s*[.|]*\s*$/gm, ''));

/**
 * Each entry whose pratīka does not fit its own verse's opening but fits
 * another's is moved there (in place: `texts` changes); the moves, and any
 * pratīka that fits no verse, are listed.
 */
function placeByPratika(texts: Array<RawVersion['texts'][number] & { pratika: string }>, transliterations: ReadonlyMap<string, string>): VersionDefect[] {
  const openings = [...transliterations].map(([ref, t]) => [ref, opening(t)] as const);
  const fit = (letters: string, ref: string) => containment(letters, (openings.find(([r]) => r === ref)?.[1] ?? '').slice(0, letters.length + 4));
  const defects: VersionDefect[] = [];
  for (const t of texts) {
    const letters = spelling(Sanscript.t(t.pratika, 'telugu', 'iast'));
    if (!letters || fit(letters, t.ref) >= FITS) continue;
    const found = openings.filter(([, o]) => containment(letters, o.slice(0, letters.length + 4)) >= FITS).map(([r]) => r);
    if (found.length !== 1) {
      defects.push({ ref: t.ref, kind: 'pratika-unplaced', summary: `its pratīka ${t.pratika} is not the opening of this verse${found.length ? ` but of ${found.join(', ')}` : ' nor of any other'}: left at its key` });
      continue;
    }
    defects.push({ ref: found[0], kind: 'placed-by-pratika', summary: `keyed ${t.ref.slice(2)} in the source, with the pratīka ${t.pratika}, the opening of ${found[0].slice(2)}: placed as ${found[0].slice(2)}` });
    t.ref = found[0];
  }
  return defects;
}

function shortDefects(texts: RawVersion['texts']): VersionDefect[] {
  return TELUGU_SHORT.map((s) => {
    const now = texts.find((t) => t.ref === s.ref)?.text;
    return now === s.text
      ? { ref: s.ref, kind: 'short', summary: `shorter than its verse: ${s.lacks}; listed, not changed` }
      : { ref: s.ref, kind: 'short-changed', summary: 'listed as shorter than its verse, but the source\'s text has changed since it was read: read it again' };
  });
}

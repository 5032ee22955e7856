// The Telugu translation of Telugu Wikisource, as a parse of its pages left
// it: one JSON object keyed "C.V" on the records' 701 verses, each
// { pratika, translation_telugu, commentary_telugu }. Only the translation
// is the version's text: the pratīka is the verse's own opening words (in
// Telugu script), and the commentary is another work (rules.ts drops what
// of it the parse pushed into the translation).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
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
  { ref: 'BG16.2', text: 'అహింస, సత్యం, కోపము లేకపోవడం, మృదుస్వభావం, సిగ్గు, చాపల్యం లేకపోవడం', lacks: 'names six of the verse\'s virtues (non-violence, truth, freedom from anger, gentleness, modesty, steadiness) and leaves out renunciation, peace, not slandering, compassion to beings and freedom from greed' },
];

interface Entry {
  pratika?: unknown;
  translation_telugu?: unknown;
  commentary_telugu?: unknown;
}

/** Read the file of `dir`: every key a verse of the records, every translation a string. */
export async function readTelugu(dir: string, counts: ChapterCounts): Promise<Omit<RawVersion, 'manifest'>> {
  const file = join(dir, TELUGU_FILE);
  const bytes = await readFile(file);
  let data: Record<string, Entry>;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (err) {
    throw new ContentError([{ file, path: '$', expected: `expected UTF-8 JSON (${(err as Error).message})` }]);
  }
  const problems: ContentProblem[] = [];
  const texts: RawVersion['texts'] = [];
  for (const [key, entry] of Object.entries(data)) {
    const place = placeOf(key, counts);
    if (typeof place === 'string' || place.kind !== 'verse') problems.push({ file, path: `$[${JSON.stringify(key)}]`, expected: typeof place === 'string' ? place : 'a verse, not a colophon' });
    else if (typeof entry?.translation_telugu !== 'string') problems.push({ file, path: `$[${JSON.stringify(key)}].translation_telugu`, expected: 'expected a string' });
    else texts.push({ ref: place.ref, text: entry.translation_telugu, at: { file, line: 1 } });
  }
  if (problems.length) throw new ContentError(problems);
  return { from: basename(dir), files: [{ name: TELUGU_FILE, sha256: createHash('sha256').update(bytes).digest('hex') }], texts, defects: shortDefects(texts) };
}

function shortDefects(texts: RawVersion['texts']): VersionDefect[] {
  return TELUGU_SHORT.map((s) => {
    const now = texts.find((t) => t.ref === s.ref)?.text;
    return now === s.text
      ? { ref: s.ref, kind: 'short', summary: `shorter than its verse: ${s.lacks}; listed, not changed` }
      : { ref: s.ref, kind: 'short-changed', summary: 'listed as shorter than its verse, but the source\'s text has changed since it was read: read it again' };
  });
}

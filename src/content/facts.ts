// What the content holds, read from the records rather than typed by hand:
// its commentaries (who, which text fields, on how many records), its
// speakers and its top-level fields. The build puts these in the manifest;
// the docs, the server's parameter checks and the client read them there.
import type { ManifestCommentary, ManifestSpeaker } from '../contract/manifest.ts';
import { commentariesOf } from './audit.ts';
import { knownSpeaker, SPEAKERS, TEXT_FIELD_NAMES, type VerseRecord } from './schema.ts';

/** Who commented, with which text fields, on how many records, in the order records list them. */
export function commentaries(verses: readonly VerseRecord[]): ManifestCommentary[] {
  const found = new Map<string, ManifestCommentary>();
  for (const record of verses) {
    for (const [key, value] of commentariesOf(record)) {
      let c = found.get(key);
      if (!c) found.set(key, (c = { key, author: value.author, fields: {}, records: 0 }));
      c.records++;
      for (const f of TEXT_FIELD_NAMES) if (typeof value[f] === 'string') c.fields[f] = (c.fields[f] ?? 0) + 1;
    }
  }
  return [...found.values()];
}

/** The top-level fields that are not commentaries, in record order. */
export function plainFields(verses: readonly VerseRecord[]): string[] {
  const keys = new Set(commentaries(verses).map((c) => c.key));
  const out: string[] = [];
  for (const record of verses) for (const k of Object.keys(record)) if (!keys.has(k) && !out.includes(k)) out.push(k);
  return out;
}

/**
 * The speakers (in the order of SPEAKERS, then any the code does not know)
 * with their verse counts, and each verse's speaker as an index into them.
 */
export function speakers(verses: readonly VerseRecord[], versesPerChapter: readonly number[]): { speakers: ManifestSpeaker[]; speakerOf: number[][] } {
  const names: string[] = [];
  for (const v of verses) if (typeof v.speaker === 'string' && !names.includes(v.speaker.normalize('NFC'))) names.push(v.speaker.normalize('NFC'));
  const rank = (n: string) => {
    const i = SPEAKERS.findIndex((s) => s.name === n);
    return i === -1 ? SPEAKERS.length : i;
  };
  names.sort((a, b) => rank(a) - rank(b));
  const list: ManifestSpeaker[] = names.map((name) => {
    const known = knownSpeaker(name);
    return { slug: known?.slug ?? null, name, label: known?.label ?? null, verses: 0 };
  });
  const speakerOf = versesPerChapter.map((n) => new Array<number>(n + 1).fill(-1));
  for (const v of verses) {
    if (typeof v.speaker !== 'string') continue;
    const i = names.indexOf(v.speaker.normalize('NFC'));
    speakerOf[v.chapter - 1][v.verse - 1] = i;
    if (v.verse <= versesPerChapter[v.chapter - 1]) list[i].verses++;
  }
  return { speakers: list, speakerOf };
}

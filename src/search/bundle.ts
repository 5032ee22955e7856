// Build time: the 701 verses → one JSON bundle for static hosting (dist/search/index.json).
// The bundle holds the engine's serialized index AND the searched texts themselves (the
// versions' among them), because results carry snippets cut from the original texts and a
// browser has no other copy of them.
import type { VerseRecord } from '../content/schema.ts';
import type { VersionFile } from '../content/versions/model.ts';
import { GRAM, engineDoc, storeVerse, type EngineDoc, type StoredVerse } from './docs.ts';
import { ALL_FIELDS, versionFields } from './fields.ts';
import { MiniSearchEngine, type Engine } from './engine.ts';

/** 2: the words field (the verse's word-by-word meanings) after the transliteration; 4: the versions. */
export const BUNDLE_VERSION = 5;

/** A searched version, as its results name it: its text goes with its credit. */
export interface SearchedVersion {
  id: string;
  language: string;
  translator: string;
  credit: string;
}

export interface BundleHead {
  v: number;
  engine: string;
  gram: number;
  /** Author of each translation field ("siva.et" → "Swami Sivananda"): constant per key. */
  authors: Record<string, string>;
  /** Every English index term, space-separated: a query word already in it is not a typo,
   *  so the (costly) one-edit expansion runs only for words the texts do not have. */
  enVocabulary: string;
  /** The searched versions, in the order of their texts after ALL_FIELDS (versionFields). */
  versions: SearchedVersion[];
  verses: StoredVerse[];
}

/** The engine the module ships with (see REPORT.md for why). */
export function defaultEngine(): Engine {
  return new MiniSearchEngine();
}

export function authorsOf(records: VerseRecord[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ALL_FIELDS) {
    if (!f.commentary) continue;
    const c = records[0][f.commentary] as { author?: string } | undefined;
    if (c?.author) out[f.key] = c.author;
  }
  return out;
}

/**
 * Builds the index with `engine` and returns the bundle text:
 * `{"v":1,"engine":..,"gram":..,"authors":{..},"verses":[..],"index":<engine JSON>}`.
 * The engine's JSON is spliced in as JSON (not as a string) so it is parsed once.
 */
export async function buildBundle(records: VerseRecord[], engine: Engine = defaultEngine(), lemmasOf: (r: VerseRecord) => readonly string[] = () => [], versions: readonly VersionFile[] = [], rootsOf: (r: VerseRecord) => readonly string[] = () => []): Promise<string> {
  const own = versionFields(versions);
  const searched = own.map((f) => versions.find((v) => v.id === f.version)!);
  const textsOf = searched.map((v) => new Map(v.texts.map((t) => [t.ref, t.text])));
  const verses = records.map((r) => storeVerse(r, lemmasOf(r), textsOf.map((m) => m.get(r._id) ?? ''), rootsOf(r)));
  const fields = [...ALL_FIELDS, ...own];
  const docs = verses.map((v, id) => engineDoc(v, id, fields));
  await engine.build(docs);
  const head: BundleHead = {
    v: BUNDLE_VERSION,
    engine: engine.name,
    gram: GRAM,
    authors: authorsOf(records),
    enVocabulary: vocabulary(docs, 'en'),
    versions: searched.map(({ id, language, translator, credit }) => ({ id, language, translator, credit })),
    verses,
  };
  const headText = JSON.stringify(head);
  return `${headText.slice(0, -1)},"index":${await engine.serialize()}}`;
}

function vocabulary(docs: EngineDoc[], field: 'en' | 'hi'): string {
  const all = new Set<string>();
  for (const d of docs) for (const t of d.text[field].split(' ')) if (t) all.add(t);
  return [...all].sort().join(' ');
}

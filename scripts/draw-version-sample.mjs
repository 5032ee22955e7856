// draw-version-sample : draws a seeded random sample of the verses of the
// two built-in versions, for reading each one against its source (is the
// text the source's for that verse, whole, and nothing else?). The labels
// are the ground truth test/content/versions-sample.test.ts measures the
// importer against; this script only draws and shows.
//
//   node scripts/draw-version-sample.mjs [--from DIR] [--write] [--out FILE]
//
// DIR holds the import's output (content/ as `npm run content` writes it):
// versions/*.json and slok/*.json. Without --write it prints each drawn
// verse with what a reader needs beside it (the verse's transliteration,
// Swami Sivananda's English, the imported text and notes). --write makes
// FILE (default test/content/fixtures/version-labels.json) with the drawn
// verses, their imported texts and empty labels, keeping the labels of a
// FILE already there for the verses drawn again. Plain Node.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { firstDrawn, mulberry32 } from './mulberry32.mjs';

export const SEED = 20261128;
export const PER_VERSION = 30;
export const VERSIONS = ['besant', 'telugu-wikisource'];

/**
 * The draw: the 701 verses in book order (BG1.1 … BG18.78, no colophon),
 * for each version in VERSIONS' order a partial Fisher-Yates shuffle of a
 * fresh copy of that list, all with one mulberry32(SEED) stream; each
 * version's PER_VERSION refs then in book order.
 */
export function draw(counts, seed = SEED, per = PER_VERSION, versions = VERSIONS) {
  const refs = counts.flatMap((n, c) => Array.from({ length: n }, (_, v) => `BG${c + 1}.${v + 1}`));
  const random = mulberry32(seed);
  const order = new Map(refs.map((r, i) => [r, i]));
  return versions.map((version) => ({ version, refs: firstDrawn(refs, random, per).sort((a, b) => order.get(a) - order.get(b)) }));
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({ options: { from: { type: 'string', default: 'content' }, write: { type: 'boolean', default: false }, out: { type: 'string', default: 'test/content/fixtures/version-labels.json' } } });
  const dir = resolve(values.from);
  const counts = Array.from({ length: 18 }, (_, i) => JSON.parse(readFileSync(join(dir, 'chapter', `bhagavadgita_chapter_${i + 1}.json`), 'utf8')).verses_count);
  const files = Object.fromEntries(VERSIONS.map((id) => [id, JSON.parse(readFileSync(join(dir, 'versions', `${id}.json`), 'utf8'))]));
  const old = existsSync(values.out) ? JSON.parse(readFileSync(values.out, 'utf8')) : { items: [] };
  const items = [];
  for (const { version, refs } of draw(counts)) {
    for (const ref of refs) {
      const text = files[version].texts.find((t) => t.ref === ref) ?? null;
      const [c, v] = ref.slice(2).split('.');
      const record = JSON.parse(readFileSync(join(dir, 'slok', `bhagavadgita_chapter_${c}_slok_${v}.json`), 'utf8'));
      const kept = old.items.find((x) => x.version === version && x.ref === ref);
      items.push({ version, ref, text: text?.text ?? null, ...(text?.notes && { notes: text.notes }), label: kept?.label ?? '', why: kept?.why ?? '', ...(kept?.defect && { defect: kept.defect }) });
      if (!values.write) console.log(`\n== ${version} ${ref}\n${record.transliteration}\nsiva: ${record.siva.et}\n--> ${text ? text.text : '(missing)'}${text?.notes ? `\nnotes: ${JSON.stringify(text.notes)}` : ''}`);
    }
  }
  if (values.write) {
    const out = {
      seed: SEED,
      drawn: `scripts/draw-version-sample.mjs: the 701 verses in book order (no colophon); for each version (${VERSIONS.join(', ')}) a partial Fisher-Yates shuffle of a fresh copy, ${PER_VERSION} places, one mulberry32(${SEED}) stream; each version's refs in book order. text: the imported text (content/versions/<id>.json, with the repairs), null when missing.`,
      labelled: 'Each verse read against its source file (the discourse file of ../shared/besant-gita: its Sanskrit and English; the key of ../shared/telugu-wikisource/telugu-wikisource.json) and against the verse\'s meaning. right: the text is the source\'s translation of this verse, whole, and nothing else (after the listed repairs); wrong: it is not, with why. defect: the kind of defect the import must list for the verse, where the reading found one in the source.',
      items,
    };
    writeFileSync(values.out + '.tmp', JSON.stringify(out, null, 1) + '\n');
    renameSync(values.out + '.tmp', values.out);
    console.log(`wrote ${items.length} items to ${values.out}`);
  }
}

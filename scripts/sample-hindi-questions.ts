// sample-hindi-questions : draws a seeded, stratified random sample of the
// "?" in five Hindi texts of the dataset (rams.hc, chinmay.hc, sankar.ht,
// tej.ht, rams.ht), for labelling by hand (comma / question / visarga /
// unsure). The labels are the ground truth a repair rule is measured against;
// this script knows nothing of that rule.
//
//   npx tsx scripts/sample-hindi-questions.ts [--from DIR] [--out FILE]
//
// DIR is the dataset (upstream layout, with slok/); default ../shared/gita-data.
// FILE defaults to test/content/fixtures/hindi-question-marks.json. Labels
// (`label`, `why`) already in FILE are kept for the items drawn again, so the
// script can be re-run on a labelled file: with the same data, the same file.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from './mulberry32.mjs';

const SEED = 20261124;
const TEXTS = ['rams.hc', 'chinmay.hc', 'sankar.ht', 'tej.ht', 'rams.ht'] as const;
// The least each text gets; the rest (up to TOTAL) goes to the three large
// texts in proportion to their number of "?" (largest remainder).
const MINIMUM: Record<string, number> = { 'rams.hc': 40, 'chinmay.hc': 40, 'sankar.ht': 40, 'tej.ht': 15, 'rams.ht': 15 };
const TOPPED_UP = ['rams.hc', 'chinmay.hc', 'sankar.ht'];
const TOTAL = 170;
const BEFORE = 80;
const AFTER = 40;

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '../shared/gita-data' },
    out: { type: 'string', default: 'test/content/fixtures/hindi-question-marks.json' },
  },
});
const slokDir = join(resolve(values.from!), 'slok');
const outFile = resolve(values.out!);

interface Hit { record: string; key: string; field: string; chapter: number; verse: number; position: number; text: string }

// Every "?" of the five texts, in every slok file (colophons included).
const hits: Hit[] = [];
for (const name of readdirSync(slokDir)) {
  if (!/^bhagavadgita_chapter_\d+_slok_\d+\.json$/.test(name)) continue;
  const rec = JSON.parse(readFileSync(join(slokDir, name), 'utf8'));
  for (const kf of TEXTS) {
    const [key, field] = kf.split('.');
    const text = rec[key]?.[field];
    if (typeof text !== 'string') continue;
    for (let i = text.indexOf('?'); i !== -1; i = text.indexOf('?', i + 1)) {
      hits.push({ record: rec._id, key, field, chapter: Number(rec.chapter), verse: Number(rec.verse), position: i, text });
    }
  }
}
const kfOf = (h: Hit) => `${h.key}.${h.field}`;
const order = (a: Hit, b: Hit) =>
  (kfOf(a) < kfOf(b) ? -1 : kfOf(a) > kfOf(b) ? 1 : 0) || a.chapter - b.chapter || a.verse - b.verse || a.position - b.position;
hits.sort(order);

const counts: Record<string, number> = {};
for (const kf of TEXTS) counts[kf] = hits.filter((h) => kfOf(h) === kf).length;

// How many to draw from each text.
const quota: Record<string, number> = { ...MINIMUM };
const rest = TOTAL - Object.values(MINIMUM).reduce((s, n) => s + n, 0);
const pool = TOPPED_UP.reduce((s, kf) => s + counts[kf], 0);
const shares = TOPPED_UP.map((kf) => ({ kf, exact: (rest * counts[kf]) / pool }));
for (const s of shares) quota[s.kf] += Math.floor(s.exact);
let left = TOTAL - Object.values(quota).reduce((s, n) => s + n, 0);
for (const s of [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1) || TOPPED_UP.indexOf(a.kf) - TOPPED_UP.indexOf(b.kf))) {
  if (left-- <= 0) break;
  quota[s.kf] += 1;
}
for (const kf of TEXTS) quota[kf] = Math.min(quota[kf], counts[kf]);

// One PRNG stream; texts in the order of TEXTS; in each, a partial
// Fisher-Yates shuffle of that text's hits (in sorted order) draws its quota.
const random = mulberry32(SEED);
const drawn: Hit[] = [];
for (const kf of TEXTS) {
  const items = hits.filter((h) => kfOf(h) === kf);
  for (let i = 0; i < quota[kf]; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    [items[i], items[j]] = [items[j], items[i]];
  }
  drawn.push(...items.slice(0, quota[kf]));
}
drawn.sort(order);

// Labels already given, kept.
const idOf = (x: { record: string; key: string; field: string; position: number }) => `${x.record} ${x.key}.${x.field} ${x.position}`;
const labels = new Map<string, { label?: string; why?: string }>();
if (existsSync(outFile)) {
  for (const item of JSON.parse(readFileSync(outFile, 'utf8')).items ?? []) labels.set(idOf(item), item);
}

const ENDS = new Set(['।', '॥', '|', '.', '?']);
const items = drawn.map((h) => {
  const { text, position: p } = h;
  const from = Math.max(0, p - BEFORE);
  let start = p - 1;
  while (start >= 0 && !ENDS.has(text[start])) start--;
  const old = labels.get(idOf(h));
  return {
    record: h.record,
    key: h.key,
    field: h.field,
    position: p,
    context: text.slice(from, p + 1 + AFTER),
    contextAt: p - from, // the index of this "?" in `context`
    clause: text.slice(start + 1, p + 1).trim(),
    ...(old?.label !== undefined ? { label: old.label } : {}),
    ...(old?.why !== undefined ? { why: old.why } : {}),
  };
});

const out = {
  seed: SEED,
  drawn:
    'scripts/sample-hindi-questions.ts: every "?" of rams.hc, chinmay.hc, sankar.ht, tej.ht and rams.ht in all slok files ' +
    '(chapters 1-18, colophons included), sorted by key.field, chapter, verse, position (UTF-16 index in the text as in the file); ' +
    `stratified by text: at least ${TEXTS.map((kf) => `${MINIMUM[kf]} from ${kf}`).join(', ')}, the rest up to ${TOTAL} to ` +
    `${TOPPED_UP.join(', ')} in proportion to their "?" (largest remainder): ${TEXTS.map((kf) => `${kf} ${quota[kf]}`).join(', ')}; ` +
    `in each text (in that order) a partial Fisher-Yates shuffle of its sorted "?" with one mulberry32(${SEED}) stream; items in sorted order.`,
  texts: counts,
  items,
};
writeFileSync(outFile, JSON.stringify(out, null, 2) + '\n');
console.log(`${hits.length} "?" in all; drew ${items.length}: ${TEXTS.map((kf) => `${kf} ${quota[kf]}/${counts[kf]}`).join(', ')} -> ${outFile}`);

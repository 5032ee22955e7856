// draw-link-sample : draws a seeded random sample of the number pairs
// ("2.47", "18। 15", "6:31") written in the commentaries of the served records,
// for labelling by reading (a citation of a Gita verse, the range a commentary
// covers, the verse's own number, a citation of another work, or other). The
// labels are the ground truth a citation miner is measured against; this
// script knows nothing of any miner.
//
//   node scripts/draw-link-sample.mjs [--from DIR] [--write [FILE]] [--count N]
//
// DIR holds the served records (slok/*.json as `npm run content` writes them,
// after the importer's repairs); default content. Without --write it prints
// the drawn candidates with their context and writes nothing. --write makes
// FILE (default test/content/fixtures/link-labels.json) with the drawn
// candidates and empty labels, keeping the labels of a FILE already there for
// the candidates drawn again (so re-running on a labelled file changes
// nothing). Plain Node, no dependencies.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const SEED = 20261125;
const COUNT = 300;
const SIDE = 80; // UTF-16 units of context on either side

// Two numbers (ASCII or Devanagari digits) joined by ".", "।", ":" or "?",
// with optional spaces (not line breaks) around the joint. Matched left to
// right without overlap, so "6।2।1" gives one candidate, "6।2".
const PAIR = /[0-9०-९]+[ \u00a0]*[.।:?][ \u00a0]*[0-9०-९]+/gu;

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: 'content' },
    write: { type: 'boolean', default: false },
    out: { type: 'string', default: 'test/content/fixtures/link-labels.json' },
    count: { type: 'string', default: String(COUNT) },
  },
  allowPositionals: true,
});
const slokDir = join(resolve(values.from), 'slok');
const count = Number(values.count);

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const chapterVerse = (ref) => ref.slice(2).split('.').map(Number);
const compare = (a, b) => {
  const [ac, av] = chapterVerse(a.ref);
  const [bc, bv] = chapterVerse(b.ref);
  return ac - bc || av - bv || (a.by < b.by ? -1 : a.by > b.by ? 1 : 0) ||
    (a.field < b.field ? -1 : a.field > b.field ? 1 : 0) || a.at - b.at;
};

// Every candidate: every commentary key (an object with `author`), every
// string field of it but `author`, every match of PAIR.
const texts = new Map();
const candidates = [];
for (const name of readdirSync(slokDir)) {
  if (!/^bhagavadgita_chapter_\d+_slok_\d+\.json$/.test(name)) continue;
  const rec = JSON.parse(readFileSync(join(slokDir, name), 'utf8'));
  for (const [by, value] of Object.entries(rec)) {
    if (!value || typeof value !== 'object' || typeof value.author !== 'string') continue;
    for (const [field, text] of Object.entries(value)) {
      if (field === 'author' || typeof text !== 'string') continue;
      texts.set(`${rec._id} ${by} ${field}`, text);
      for (const m of text.matchAll(PAIR)) {
        candidates.push({ ref: rec._id, by, field, at: m.index, written: m[0] });
      }
    }
  }
}
candidates.sort(compare);

// A partial Fisher-Yates shuffle of the sorted candidates, one mulberry32
// stream: the first `count` places are the draw.
const random = mulberry32(SEED);
const pool = candidates.slice();
for (let i = 0; i < count; i++) {
  const j = i + Math.floor(random() * (pool.length - i));
  [pool[i], pool[j]] = [pool[j], pool[i]];
}
const drawn = pool.slice(0, count).sort(compare);

const contextOf = (c) => {
  const text = texts.get(`${c.ref} ${c.by} ${c.field}`);
  return text.slice(Math.max(0, c.at - SIDE), c.at + c.written.length + SIDE);
};

const DRAWN = 'Every commentary key of the 719 served records (content/slok/*.json as `npm run content` writes them, ' +
  'after the repairs; a key is any value that is an object with `author`) and every string field of it but `author`; ' +
  'in each text every match, left to right without overlap, of /[0-9०-९]+[ \\u00a0]*[.।:?][ \\u00a0]*[0-9०-९]+/gu. ' +
  'The candidates, sorted by chapter, verse, key, field and `at` (UTF-16 index), were shuffled by a partial ' +
  `Fisher-Yates shuffle (for i from 0 to ${count - 1}: j = i + floor(r() * (n - i)), swap) driven by one mulberry32 ` +
  `stream seeded ${SEED}; the first ${count} places are the sample, sorted again the same way. ` +
  '`context` is the text from 80 UTF-16 units before the candidate to 80 after it. ' +
  'Redo: node scripts/draw-link-sample.mjs (prints them), --write (writes this file, keeping the labels).';

if (values.write) {
  const outFile = resolve(values.out);
  const old = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : { labels: [] };
  const key = (c) => `${c.ref} ${c.by} ${c.field} ${c.at}`;
  const kept = new Map(old.labels.map((l) => [key(l), l]));
  const labels = drawn.map((c) => {
    const was = kept.get(key(c));
    return {
      ref: c.ref, by: c.by, field: c.field, at: c.at, written: c.written, context: contextOf(c),
      label: was?.label ?? '', to: was?.to ?? null, work: was?.work ?? null, why: was?.why ?? '',
    };
  });
  const file = { seed: SEED, drawn: DRAWN, population: candidates.length, labels };
  writeFileSync(`${outFile}.tmp`, `${JSON.stringify(file, null, 2)}\n`);
  renameSync(`${outFile}.tmp`, outFile);
  console.log(`wrote ${outFile}: ${labels.length} of ${candidates.length} candidates`);
} else {
  console.log(`population ${candidates.length}; drawn ${drawn.length} (mulberry32, seed ${SEED})`);
  drawn.forEach((c, n) => {
    console.log(`\n#${n} ${c.ref} ${c.by}.${c.field} @${c.at} «${c.written}»`);
    console.log(contextOf(c).replace(/\n/g, '⏎'));
  });
}

// draw-link-sample : draws a seeded random sample of the number pairs
// ("2.47", "18। 15", "6:31") written in the commentaries of the served records,
// for labelling by reading (a citation of a Gita verse, the range a commentary
// covers, the verse's own number, a citation of another work, or other). The
// labels are the ground truth a citation miner is measured against; this
// script knows nothing of any miner.
//
//   node scripts/draw-link-sample.mjs [--from DIR] [--write] [--out FILE] [--count N] [--inner | --held-out]
//
// DIR holds the served records (slok/*.json as `npm run content` writes them,
// after the importer's repairs); default content. Without --write it prints
// the drawn candidates with their context and writes nothing. --write makes
// FILE (default test/content/fixtures/link-labels.json) with the drawn
// candidates and empty labels, keeping the labels of a FILE already there for
// the candidates drawn again (so re-running on a labelled file changes
// nothing). Plain Node, no dependencies.
//
// --inner makes the second draw instead (default FILE
// test/content/fixtures/link-labels-inner.json): the first draw holds few
// citations, because two thirds of all candidates are a record's own number
// heading its text, so the second is drawn from the candidates that do not
// stand at the head of their text (see HEAD) and are not in the first draw,
// with its own seed. The first draw is made the same way either way, so its
// file is reproduced byte for byte.
//
// --held-out makes the third draw (default FILE
// test/content/fixtures/link-labels-held-out.json, HELD_OUT_COUNT places):
// the same stratum as --inner minus the second draw's candidates too, with
// its own seed. It is held out: a miner tuned while looking at the misses of
// the first two draws is measured on candidates it was not tuned on. The
// first two draws are made first and unchanged (each with its COUNT places),
// so both their files are reproduced byte for byte.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { firstDrawn, mulberry32 } from './mulberry32.mjs';

const SEED = 20261125;
const INNER_SEED = 20261126;
const HELD_OUT_SEED = 20261127;
const COUNT = 300;
const HELD_OUT_COUNT = 150;
const SIDE = 80; // UTF-16 units of context on either side

// Two numbers (ASCII or Devanagari digits) joined by ".", "।", ":" or "?",
// with optional spaces (not line breaks) around the joint. Matched left to
// right without overlap, so "6।2।1" gives one candidate, "6।2".
const PAIR = /[0-9०-९]+[ \u00a0]*[.।:?][ \u00a0]*[0-9०-९]+/gu;

// A candidate stands at the head of its text when nothing but white space,
// punctuation and symbols (Unicode classes P and S, which hold "।", "॥",
// "|", "[", "(", "-") comes before it in the field: "1.1", "।।2.47।।",
// "[3।5]" at a text's start. The second number of a heading range ("1.19" in
// "1.1 - 1.19") has a number before it, so it is not at the head.
const HEAD = /^[\s\p{P}\p{S}]*$/u;

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: 'content' },
    write: { type: 'boolean', default: false },
    out: { type: 'string' },
    count: { type: 'string' },
    inner: { type: 'boolean', default: false },
    'held-out': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
if (values.inner && values['held-out']) throw new Error('--inner and --held-out are two different draws: give one');
const heldOut = values['held-out'];
const slokDir = join(resolve(values.from), 'slok');
const count = Number(values.count ?? (heldOut ? HELD_OUT_COUNT : COUNT));

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
function draw(population, seed, n) {
  return firstDrawn(population, mulberry32(seed), n).sort(compare);
}
const key = (c) => `${c.ref} ${c.by} ${c.field} ${c.at}`;

// The first draw is always the whole population's, with COUNT places (so the
// second draw leaves out the same candidates whatever --count says); the
// second is always its stratum's, with COUNT places (so the third leaves
// out the same candidates whatever --count says).
const stratified = values.inner || heldOut;
const first = draw(candidates, SEED, stratified ? COUNT : count);
const inFirst = new Set(first.map(key));
const atHead = (c) => HEAD.test(texts.get(`${c.ref} ${c.by} ${c.field}`).slice(0, c.at));
const innerStratum = stratified ? candidates.filter((c) => !atHead(c) && !inFirst.has(key(c))) : null;
const second = stratified ? draw(innerStratum, INNER_SEED, values.inner ? count : COUNT) : null;
const inSecond = heldOut ? new Set(second.map(key)) : null;
const stratum = heldOut ? innerStratum.filter((c) => !inSecond.has(key(c))) : innerStratum;
const drawn = heldOut ? draw(stratum, HELD_OUT_SEED, count) : values.inner ? second : first;
const seed = heldOut ? HELD_OUT_SEED : values.inner ? INNER_SEED : SEED;

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

const STRATUM = 'Every candidate that does not stand at the head of its field\'s text, minus the 300 of the first draw ' +
  '(link-labels.json, seed 20261125). A candidate stands at the head when the text before it in its field is nothing but ' +
  'white space, punctuation and symbols, /^[\\s\\p{P}\\p{S}]*$/u (Unicode classes P and S hold "।", "॥", "|", "[", "(", "-"): ' +
  '"1.1", "।।2.47।।", "[3।5]" at a text\'s start are at the head; the second number of a heading range ("1.19" in "1.1 - 1.19") is not.';
/** The `drawn` of a draw from a stratum (every candidate as in link-labels.json, then the stratum's own rule). */
const drawnFrom = (stratum, seed, flag) => 'The candidates as in link-labels.json: every commentary key of the 719 served records ' +
  '(content/slok/*.json as `npm run content` writes them, after the repairs; a key is any value that is an object with ' +
  '`author`) and every string field of it but `author`; in each text every match, left to right without overlap, of ' +
  '/[0-9०-९]+[ \\u00a0]*[.।:?][ \\u00a0]*[0-9०-९]+/gu. The stratum: ' + stratum + ' The stratum, sorted by chapter, verse, ' +
  'key, field and `at` (UTF-16 index), was shuffled by a partial Fisher-Yates shuffle (for i from 0 to ' +
  `${count - 1}: j = i + floor(r() * (n - i)), swap) driven by one mulberry32 stream seeded ${seed}; the first ` +
  `${count} places are the sample, sorted again the same way. ` +
  '`context` is the text from 80 UTF-16 units before the candidate to 80 after it. ' +
  `Redo: node scripts/draw-link-sample.mjs ${flag} (prints them), ${flag} --write (writes this file, keeping the labels).`;
const DRAWN_INNER = drawnFrom(STRATUM, INNER_SEED, '--inner');
const STRATUM_HELD_OUT = 'Every candidate that does not stand at the head of its field\'s text (as in link-labels-inner.json), minus ' +
  'the 300 of the first draw (link-labels.json, seed 20261125) and the 300 of the second (link-labels-inner.json, seed ' +
  '20261126). A candidate stands at the head when the text before it in its field is nothing but white space, punctuation ' +
  'and symbols, /^[\\s\\p{P}\\p{S}]*$/u (Unicode classes P and S hold "।", "॥", "|", "[", "(", "-"): "1.1", "।।2.47।।", ' +
  '"[3।5]" at a text\'s start are at the head; the second number of a heading range ("1.19" in "1.1 - 1.19") is not.';
const DRAWN_HELD_OUT = 'Held out: drawn after a miner was tuned on the first two draws, to measure it on candidates it was not ' +
  'tuned on. ' + drawnFrom(STRATUM_HELD_OUT, HELD_OUT_SEED, '--held-out');


if (values.write) {
  const outFile = resolve(values.out ?? (heldOut
    ? 'test/content/fixtures/link-labels-held-out.json'
    : values.inner
      ? 'test/content/fixtures/link-labels-inner.json'
      : 'test/content/fixtures/link-labels.json'));
  const old = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : { labels: [] };
  const kept = new Map(old.labels.map((l) => [key(l), l]));
  const labels = drawn.map((c) => {
    const was = kept.get(key(c));
    return {
      ref: c.ref, by: c.by, field: c.field, at: c.at, written: c.written, context: contextOf(c),
      label: was?.label ?? '', to: was?.to ?? null, work: was?.work ?? null, why: was?.why ?? '',
    };
  });
  const file = heldOut
    ? { seed, drawn: DRAWN_HELD_OUT, population: candidates.length, stratum: STRATUM_HELD_OUT, stratumPopulation: stratum.length, labels }
    : values.inner
      ? { seed, drawn: DRAWN_INNER, population: candidates.length, stratum: STRATUM, stratumPopulation: stratum.length, labels }
      : { seed, drawn: DRAWN, population: candidates.length, labels };
  writeFileSync(`${outFile}.tmp`, `${JSON.stringify(file, null, 2)}\n`);
  renameSync(`${outFile}.tmp`, outFile);
  const of = stratified ? `${stratum.length} candidates of the stratum (${candidates.length} in all)` : `${candidates.length} candidates`;
  console.log(`wrote ${outFile}: ${labels.length} of ${of}`);
} else {
  const of = stratified ? `stratum ${stratum.length} of population ${candidates.length}` : `population ${candidates.length}`;
  console.log(`${of}; drawn ${drawn.length} (mulberry32, seed ${seed})`);
  drawn.forEach((c, n) => {
    console.log(`\n#${n} ${c.ref} ${c.by}.${c.field} @${c.at} «${c.written}»`);
    console.log(contextOf(c).replace(/\n/g, '⏎'));
  });
}

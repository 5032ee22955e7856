// draw-meter-sample : draws a seeded random sample of the verses, for
// scanning by hand (each syllable, its weight, each pāda's form, the meter).
// The hand's labels are the ground truth the scansion library is measured
// against; this script knows nothing of it.
//
//   node scripts/draw-meter-sample.mjs [--from DIR] [--write] [--out FILE]
//
// DIR holds the served records (slok/*.json as `npm run content` writes them,
// after the verse-text repairs); default content. Without --write it prints
// the drawn verses and writes nothing. --write makes FILE (default
// test/content/fixtures/meter-sample.json) with the drawn verses and empty
// labels, keeping the labels of a FILE already there for the verses drawn
// again. Plain Node, no dependencies.
//
// Two draws. The first: COUNT verses of the 701, uniformly. The triṣṭubh
// family is some 55 verses, so a uniform draw of 30 holds two or three; the
// second draws TRISHTUBH_COUNT more from the verses the Devanagari prints in
// four lines (the triṣṭubh's printing: an anuṣṭubh prints two lines of two
// pādas each), minus the first draw, with its own seed.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { firstDrawn, mulberry32 } from './mulberry32.mjs';

const SEED = 20261201;
const FOUR_LINE_SEED = 20261202;
const COUNT = 30;
const TRISHTUBH_COUNT = 6;

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: 'content' },
    write: { type: 'boolean', default: false },
    out: { type: 'string', default: 'test/content/fixtures/meter-sample.json' },
  },
});
const slokDir = join(resolve(values.from), 'slok');

// The verses: every record but each chapter's last (its colophon), in order.
const records = readdirSync(slokDir)
  .filter((name) => /^bhagavadgita_chapter_\d+_slok_\d+\.json$/.test(name))
  .map((name) => JSON.parse(readFileSync(join(slokDir, name), 'utf8')))
  .sort((a, b) => a.chapter - b.chapter || a.verse - b.verse);
const last = new Map();
for (const r of records) last.set(r.chapter, Math.max(last.get(r.chapter) ?? 0, r.verse));
const verses = records.filter((r) => r.verse !== last.get(r.chapter));

// The lines a verse's Devanagari prints, its speaker lines ("अर्जुन उवाच |", "श्रीभगवानुवाच |") aside.
const printedLines = (slok) => slok.split('\n').filter((l) => l.trim() && !/उवाच\s*[|।]*\s*$/.test(l)).length;

// A partial Fisher-Yates shuffle of the population in verse order, one mulberry32 stream: the first n places are the draw.
const draw = (population, seed, n) => firstDrawn(population, mulberry32(seed), n);
const first = draw(verses, SEED, COUNT);
const fourLines = verses.filter((r) => printedLines(r.slok) === 4 && !first.includes(r));
const second = draw(fourLines, FOUR_LINE_SEED, TRISHTUBH_COUNT);
const order = (a, b) => a.chapter - b.chapter || a.verse - b.verse;

const DRAWN =
  `The population: the ${verses.length} verses of the served records (content/slok/*.json as \`npm run content\` writes them, after the verse-text repairs), each chapter's colophon (its last record) left out, in chapter and verse order. ` +
  `First draw (stratum "all"): a partial Fisher-Yates shuffle (for i from 0 to ${COUNT - 1}: j = i + floor(r() * (n - i)), swap) driven by one mulberry32 stream seeded ${SEED}; the first ${COUNT} places. ` +
  `Second draw (stratum "four-lines"): the ${fourLines.length} verses whose Devanagari prints four lines (speaker lines aside), minus the first draw, shuffled the same way with seed ${FOUR_LINE_SEED}; the first ${TRISHTUBH_COUNT} places. ` +
  'Redo: node scripts/draw-meter-sample.mjs (prints them), --write (writes this file, keeping the labels).';

const drawn = [...first.map((r) => ({ r, stratum: 'all' })), ...second.map((r) => ({ r, stratum: 'four-lines' }))].sort((a, b) => order(a.r, b.r));
if (values.write) {
  const outFile = resolve(values.out);
  const old = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : { verses: [] };
  const kept = new Map(old.verses.map((v) => [v.ref, v]));
  const out = drawn.map(({ r, stratum }) => {
    const was = kept.get(r._id);
    return { ref: r._id, stratum, slok: r.slok, transliteration: r.transliteration, meter: was?.meter ?? '', padas: was?.padas ?? [], notes: was?.notes ?? [] };
  });
  const file = { about: old.about ?? '', seeds: { all: SEED, 'four-lines': FOUR_LINE_SEED }, drawn: DRAWN, population: verses.length, fourLines: fourLines.length, conventions: old.conventions ?? '', verses: out };
  writeFileSync(`${outFile}.tmp`, `${JSON.stringify(file, null, 1)}\n`);
  renameSync(`${outFile}.tmp`, outFile);
  console.log(`wrote ${outFile}: ${out.length} verses`);
} else {
  console.log(`population ${verses.length}, four-line stratum ${fourLines.length}; drawn ${drawn.length}`);
  for (const { r, stratum } of drawn) console.log(`\n${r._id} (${stratum})\n${r.slok}\n${r.transliteration}`);
}

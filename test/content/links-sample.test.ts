// The miner measured, not trusted: number pairs drawn at random from the
// served texts and labelled by reading, without seeing the miner
// (test/content/fixtures/link-labels*.json: how they were drawn is in each
// file, and link-labels.md). For each labelled candidate the mention whose
// span holds it is looked up; precision and recall are printed for Gita
// citations and for other works, for each draw and for the whole of the
// candidates (the two draws as strata, each weighted by its population).
// Below 95 % for Gita citations on the whole fails, and so does any citation
// of another work made a Gita link.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mentionsIn, thirteenthNumbering, verseWords, type MinedRecord } from '../../src/content/links.ts';
import { readContent, type Content } from '../../src/content/read.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { hook } from '../helpers/fs.ts';
import { testContent } from '../helpers/dist.ts';

const FIXTURES = join(PROJECT_ROOT, 'test', 'content', 'fixtures');
/**
 * Three draws: a uniform one of every candidate (two thirds of which are a
 * text's own verse number at its head); one of the candidates inside the
 * texts (where nearly all citations are), so that Gita citations and other
 * works are many enough to measure; and a third of those, held out: drawn
 * and labelled after the miner was last changed on reading the first two's
 * misses, so that it measures the miner without that bias. Each is measured
 * on its own, and the three together as strata.
 */
const SAMPLES = ['link-labels.json', 'link-labels-inner.json', 'link-labels-held-out.json'];
const THRESHOLD = 0.95;

interface Label {
  ref: string;
  by: string;
  field: string;
  at: number;
  written: string;
  context: string;
  label: 'gita' | 'covers' | 'self' | 'work' | 'other';
  to: string | null;
  work: string | null;
  why: string;
}

let content: Content;
test.before(hook(async () => {
  // The texts as served, which the sample was read from: content/ as the import writes it (upstream, its errata, the supplied texts, the repairs).
  content = await readContent((await testContent()).contentDir);
}));

interface Sample {
  seed: number;
  population: number;
  stratum?: string;
  stratumPopulation?: number;
  labels: Label[];
}

/** What the miner made of one labelled candidate: its part in the counts. */
interface Outcome {
  label: Label;
  /** At its text's head (nothing but spaces, punctuation and symbols before it), as the second draw's stratum says. */
  head: boolean;
  gita: { tp: number; fp: number; fn: number };
  work: { tp: number; fp: number; fn: number };
  sameName?: boolean;
  miss?: string;
  workAsGita?: string;
}

const HEAD = /^[\s\p{P}\p{S}]*$/u;
const read = (name: string): Sample => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

function judge(l: Label): Outcome {
  const record = records.get(l.ref);
  assert.ok(record, `${l.ref}: no such record`);
  const text = (record![l.by] as Record<string, string> | undefined)?.[l.field];
  assert.type(text, 'string', `${l.ref} ${l.by}.${l.field}: no such text`);
  // The candidate as labelled is where the sample says (the text served then and now agree).
  assert.is(text!.slice(l.at, l.at + l.written.length).replace(/\?/g, '.'), l.written.replace(/\?/g, '.'), `${l.ref} ${l.by}.${l.field} at ${l.at}`);
  const [ch, sl] = l.ref.slice(2).split('.').map(Number);
  const m = mentionsIn(text!, { ch, sl }, versesPerChapter, { thirteenWithoutQuestion: withoutQuestion.includes(l.by), verseWords: words, sanskrit: l.field === 'sc' }).find((x) => x.start <= l.at && l.at < x.end);
  const made = m?.kind ?? 'none';
  const o: Outcome = { label: l, head: HEAD.test(text!.slice(0, l.at)), gita: { tp: 0, fp: 0, fn: 0 }, work: { tp: 0, fp: 0, fn: 0 } };
  const where = `${l.ref} ${l.by}.${l.field} ${JSON.stringify(l.written)}`;
  if (l.label === 'gita') {
    if (made === 'gita' && m!.to === l.to) o.gita.tp = 1;
    else {
      o.gita.fn = 1;
      if (made === 'gita') o.gita.fp = 1;
      o.miss = `${where}: labelled gita ${l.to}, made ${made} ${m?.to ?? m?.work ?? ''} (${m?.why ?? 'no mention'})`;
    }
  } else if (made === 'gita') {
    o.gita.fp = 1;
    o.miss = `${where}: labelled ${l.label}${l.work ? ` ${l.work}` : ''}, made gita ${m!.to}`;
    if (l.label === 'work') o.workAsGita = `${where} ${JSON.stringify(l.context)}`;
  }
  if (l.label === 'work') {
    if (made === 'work') {
      o.work.tp = 1;
      if (l.work && l.work !== '?') o.sameName = m!.work === l.work;
    } else o.work.fn = 1;
  } else if (made === 'work') o.work.fp = 1;
  return o;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a');
/** Precision and recall from (weighted) counts. */
const rates = (c: { tp: number; fp: number; fn: number }) => ({ precision: c.tp / (c.tp + c.fp || 1), recall: c.tp / (c.tp + c.fn || 1) });

function report(title: string, outcomes: Outcome[], weight: (o: Outcome) => number = () => 1) {
  const sum = (pick: (o: Outcome) => { tp: number; fp: number; fn: number }) =>
    outcomes.reduce((c, o) => ({ tp: c.tp + weight(o) * pick(o).tp, fp: c.fp + weight(o) * pick(o).fp, fn: c.fn + weight(o) * pick(o).fn }), { tp: 0, fp: 0, fn: 0 });
  const g = sum((o) => o.gita);
  const w = sum((o) => o.work);
  const named = outcomes.filter((o) => o.sameName !== undefined);
  const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(0));
  console.log(`${title}`);
  console.log(`  Gita citations: precision ${pct(g.tp, g.tp + g.fp)} (${n(g.tp)} of ${n(g.tp + g.fp)}), recall ${pct(g.tp, g.tp + g.fn)} (${n(g.tp)} of ${n(g.tp + g.fn)})`);
  console.log(`  other works: precision ${pct(w.tp, w.tp + w.fp)} (${n(w.tp)} of ${n(w.tp + w.fp)}), recall ${pct(w.tp, w.tp + w.fn)} (${n(w.tp)} of ${n(w.tp + w.fn)}); the same name as the label's ${pct(named.filter((o) => o.sameName).length, named.length)}`);
  return rates(g);
}

let versesPerChapter: number[];
let records: Map<string, Record<string, unknown>>;
let withoutQuestion: string[];
let words: Map<string, Set<string>>;
test.before(hook(() => {
  versesPerChapter = content.chapters.map((c) => c.record.verses_count);
  records = new Map(content.verses.map((v) => [v.record._id, v.record as unknown as Record<string, unknown>]));
  const mined = content.verses.map((v) => v.record as unknown as MinedRecord);
  ({ withoutQuestion } = thirteenthNumbering(mined, versesPerChapter));
  words = verseWords(mined);
}));

test('the labelled samples are there', () => {
  for (const name of SAMPLES) assert.ok(existsSync(join(FIXTURES, name)), `${name} is missing: a hand-labelled sample of candidates the miner is measured against`);
});

test('precision and recall: 95 % for Gita citations over all the candidates, and no other work made a Gita link', () => {
  const [uniform, inner, heldOut] = SAMPLES.map(read);
  assert.ok(uniform.labels.length > 0 && inner.labels.length > 0 && heldOut.labels.length > 0, 'the samples hold labels');
  assert.ok(inner.population === uniform.population && heldOut.population === uniform.population, 'all drawn from the same candidates');
  const first = uniform.labels.map((l) => judge(l));
  const second = inner.labels.map((l) => judge(l));
  const third = heldOut.labels.map((l) => judge(l));
  assert.ok([...second, ...third].every((o) => !o.head), 'the second and third draws hold no candidate at a text\'s head');
  report(`links sample ${SAMPLES[0]}: ${first.length} of ${uniform.population} candidates (seed ${uniform.seed})`, first);
  report(`links sample ${SAMPLES[1]}: ${second.length} of the ${inner.stratumPopulation} not at a text's head and not in the first draw (seed ${inner.seed})`, second);
  report(`links sample ${SAMPLES[2]}, held out: ${third.length} of the ${heldOut.stratumPopulation} not at a text's head and in neither draw before (seed ${heldOut.seed})`, third);
  // Two strata: the candidates at a text's head, sampled by the first draw alone; the others, by the first draw's share of them and the whole second and third draws.
  const firstInner = first.filter((o) => !o.head).length;
  const innerPopulation = inner.stratumPopulation! + firstInner;
  const headPopulation = uniform.population - innerPopulation;
  const all = [...first, ...second, ...third];
  const weight = (o: Outcome) => (o.head ? headPopulation / (first.length - firstInner) : innerPopulation / (firstInner + second.length + third.length));
  const whole = report(`links, all ${uniform.population} candidates (the draws as strata: ${headPopulation} at a text's head, ${innerPopulation} within)`, all, weight);
  for (const o of all) if (o.miss) console.log(`  miss: ${o.miss}`);
  assert.equal(all.flatMap((o) => o.workAsGita ?? []), [], 'citations of another work made Gita links');
  assert.ok(whole.precision >= THRESHOLD, `Gita citations: precision ${(100 * whole.precision).toFixed(1)} % is below 95 %`);
  assert.ok(whole.recall >= THRESHOLD, `Gita citations: recall ${(100 * whole.recall).toFixed(1)} % is below 95 %`);
});

test.run();

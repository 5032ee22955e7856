// The miner measured, not trusted: a sample of number pairs drawn at random
// from the served texts and labelled by reading, without seeing the miner
// (test/content/fixtures/link-labels.json: how they were drawn is in the
// file). For each labelled candidate the mention whose span holds it is
// looked up; precision and recall are printed for Gita citations and for
// other works. Below 95 % for Gita citations fails, and so does any
// citation of another work made a Gita link.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mentionsIn } from '../../src/content/links.ts';
import { readContent, type Content } from '../../src/content/read.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { hook, SHARED_DATA } from '../helpers/fs.ts';
import { repairContent } from '../../src/content/repairs.ts';
import { applyErrata, defaultErrataDir, ERRATA } from '../../src/content/errata.ts';
import { applySupplements, defaultSupplementsDir } from '../../src/content/supplements.ts';

const LABELS = join(PROJECT_ROOT, 'test', 'content', 'fixtures', 'link-labels.json');
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
  // The texts as served (the sample was read from content/): upstream, its errata, the supplied texts, the repairs, as the import makes them.
  let c = await readContent(SHARED_DATA);
  ({ content: c } = await applyErrata(c, ERRATA, defaultErrataDir(PROJECT_ROOT)));
  ({ content: c } = await applySupplements(c, defaultSupplementsDir(PROJECT_ROOT)));
  ({ content } = await repairContent(c));
}));

test('the labelled sample is there', () => {
  assert.ok(existsSync(LABELS), `${LABELS} is missing: the hand-labelled sample of candidates the miner is measured against`);
});

test('precision and recall on the labelled sample', () => {
  if (!existsSync(LABELS)) assert.unreachable(`${LABELS} is missing`);
  const file = JSON.parse(readFileSync(LABELS, 'utf8')) as { seed: number; population: number; labels: Label[] };
  assert.ok(Array.isArray(file.labels) && file.labels.length > 0, 'the sample holds labels');
  const versesPerChapter = content.chapters.map((c) => c.record.verses_count);
  const records = new Map(content.verses.map((v) => [v.record._id, v.record as unknown as Record<string, unknown>]));
  const g = { tp: 0, fp: 0, fn: 0 };
  const w = { tp: 0, fp: 0, fn: 0, sameName: 0, named: 0 };
  const workAsGita: string[] = [];
  const misses: string[] = [];
  for (const l of file.labels) {
    const record = records.get(l.ref);
    assert.ok(record, `${l.ref}: no such record`);
    const text = (record![l.by] as Record<string, string> | undefined)?.[l.field];
    assert.type(text, 'string', `${l.ref} ${l.by}.${l.field}: no such text`);
    // The candidate as labelled is where the sample says (the text served then and now agree).
    assert.is(text!.slice(l.at, l.at + l.written.length).replace(/\?/g, '.'), l.written.replace(/\?/g, '.'), `${l.ref} ${l.by}.${l.field} at ${l.at}`);
    const [ch, sl] = l.ref.slice(2).split('.').map(Number);
    const m = mentionsIn(text!, { ch, sl }, versesPerChapter).find((x) => x.start <= l.at && l.at < x.end);
    const made = m?.kind ?? 'none';
    const right = made === 'gita' && m!.to === l.to;
    if (l.label === 'gita') {
      if (right) g.tp++;
      else {
        g.fn++;
        if (made === 'gita') g.fp++;
        misses.push(`${l.ref} ${l.by}.${l.field} ${JSON.stringify(l.written)}: labelled gita ${l.to}, made ${made} ${m?.to ?? m?.work ?? ''} (${m?.why ?? 'no mention'})`);
      }
    } else if (made === 'gita') {
      g.fp++;
      misses.push(`${l.ref} ${l.by}.${l.field} ${JSON.stringify(l.written)}: labelled ${l.label}${l.work ? ` ${l.work}` : ''}, made gita ${m!.to}`);
      if (l.label === 'work') workAsGita.push(`${l.ref} ${l.by}.${l.field} ${JSON.stringify(l.context)}`);
    }
    if (l.label === 'work') {
      if (made === 'work') {
        w.tp++;
        if (l.work && l.work !== '?') {
          w.named++;
          if (m!.work === l.work) w.sameName++;
        }
      } else w.fn++;
    } else if (made === 'work') w.fp++;
  }
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a');
  const gp = g.tp / (g.tp + g.fp || 1);
  const gr = g.tp / (g.tp + g.fn || 1);
  console.log(`links sample: ${file.labels.length} candidates of ${file.population} (seed ${file.seed})`);
  console.log(`  Gita citations: precision ${pct(g.tp, g.tp + g.fp)} (${g.tp} of ${g.tp + g.fp}), recall ${pct(g.tp, g.tp + g.fn)} (${g.tp} of ${g.tp + g.fn})`);
  console.log(`  other works: precision ${pct(w.tp, w.tp + w.fp)} (${w.tp} of ${w.tp + w.fp}), recall ${pct(w.tp, w.tp + w.fn)} (${w.tp} of ${w.tp + w.fn}); the same name as the label's ${pct(w.sameName, w.named)} (${w.sameName} of ${w.named})`);
  for (const x of misses) console.log(`  miss: ${x}`);
  assert.equal(workAsGita, [], 'citations of another work made Gita links');
  assert.ok(gp >= THRESHOLD, `Gita citations: precision ${pct(g.tp, g.tp + g.fp)} is below 95 %`);
  assert.ok(gr >= THRESHOLD, `Gita citations: recall ${pct(g.tp, g.tp + g.fn)} is below 95 %`);
});

test.run();

// The versions measured, not trusted: 30 verses of each built-in version
// drawn at random (scripts/draw-version-sample.mjs, its seed kept in the
// fixture), each read by hand against its source file and the verse's
// meaning and labelled (test/content/fixtures/version-labels.json). The
// import must give each sampled verse the labelled text and notes, list the
// defect the reading found, and be right on every one; the draw is made
// again here, so that the sample cannot be chosen.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VersionFile, VersionNote } from '../../src/content/versions/model.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { hook } from '../helpers/fs.ts';
import { testContent } from '../helpers/dist.ts';
import { draw } from '../../scripts/draw-version-sample.mjs';

interface Item {
  version: string;
  ref: string;
  text: string | null;
  notes?: VersionNote[];
  label: 'right' | 'wrong' | '';
  why: string;
  defect?: string;
}
const sample = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/content/fixtures/version-labels.json'), 'utf8')) as { seed: number; items: Item[] };

const versions = new Map<string, VersionFile>();
test.before(
  hook(async () => {
    const { contentDir } = await testContent();
    for (const id of ['besant', 'telugu-wikisource']) versions.set(id, JSON.parse(readFileSync(join(contentDir, 'versions', `${id}.json`), 'utf8')));
  }),
);

test('the sample is the draw of its seed: 30 verses of each version', () => {
  const counts = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];
  const drawn = draw(counts, sample.seed).flatMap((d) => d.refs.map((ref) => `${d.version} ${ref}`));
  assert.equal(sample.items.map((i) => `${i.version} ${i.ref}`), drawn);
  assert.is(drawn.length, 60);
});

test('every sampled verse is labelled, and the import gives it the labelled text and notes and lists the defect found', () => {
  let right = 0;
  for (const item of sample.items) {
    const where = `${item.version} ${item.ref}`;
    assert.ok(item.label === 'right' || item.label === 'wrong', `${where}: labelled`);
    assert.ok(item.why.length > 20, `${where}: why`);
    const t = versions.get(item.version)!.texts.find((x) => x.ref === item.ref);
    assert.is(t?.text ?? null, item.text, `${where}: the text read and labelled`);
    assert.equal(t?.notes, item.notes, `${where}: the notes read and labelled`);
    if (item.defect) assert.ok(versions.get(item.version)!.audit.defects.some((d) => d.ref === item.ref && d.kind === item.defect), `${where}: the ${item.defect} defect is listed`);
    if (item.label === 'right') right++;
  }
  console.log(`    versions sample (seed ${sample.seed}): ${right} of ${sample.items.length} verses right`);
  assert.is(right, sample.items.length, 'every sampled verse right');
});

test.run();

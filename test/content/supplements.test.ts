// The four Hindi translations upstream lacks, put in from the independent
// copy (gita/gita, ../shared/gita-gita) with their provenance, and the whole
// copy compared with the content: checked against the copy's own files.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readContent, type Content } from '../../src/content/read.ts';
import { applySupplements, SupplementError, SUPPLEMENTS } from '../../src/content/supplements.ts';
import { SHARED_DATA, hook, tempDir } from '../helpers/fs.ts';

const COPY = join(SHARED_DATA, '..', 'gita-gita');
let upstream: Content;
const text = (c: Content, id: string, key: string) => (c.verses.find((v) => v.record._id === id)!.record as unknown as Record<string, Record<string, string>>)[key].ht;

test.before(hook(async () => {
  upstream = await readContent(SHARED_DATA);
}));

test('BG12.3 and BG12.18: tej.ht and rams.ht are the copy\'s translations, for upstream\'s placeholders', async () => {
  const { content, report } = await applySupplements(upstream, COPY);
  assert.equal(report.results.map((r) => [r.id, r.status]), SUPPLEMENTS.supplements.map((s) => [s.id, 'applied']));
  const verses = JSON.parse(readFileSync(join(COPY, 'verse.json'), 'utf8')) as Array<{ id: number; chapter_number: number; verse_number: number }>;
  const translations = JSON.parse(readFileSync(join(COPY, 'translation.json'), 'utf8')) as Array<{ authorName: string; verse_id: number; description: string }>;
  for (const [id, ch, sl] of [['BG12.3', 12, 3], ['BG12.18', 12, 18]] as const) {
    const verseId = verses.find((v) => v.chapter_number === ch && v.verse_number === sl)!.id;
    for (const [key, author] of [['tej', 'Swami Tejomayananda'], ['rams', 'Swami Ramsukhdas']]) {
      assert.match(text(upstream, id, key), /did not comment on this sloka/);
      const expected = translations.find((t) => t.verse_id === verseId && t.authorName === author)!.description.trim();
      assert.is(text(content, id, key), expected, `${id} ${key}.ht`);
      assert.ok(expected.startsWith(`।।${ch}.${sl}।।`));
    }
  }
  // Nothing else moved: every other record is the same object.
  const changed = content.verses.filter((v, i) => v !== upstream.verses[i]).map((v) => v.record._id);
  assert.equal(changed, ['BG12.3', 'BG12.18']);
});

test('the copy is compared with the content on every import: each text that differs is listed', async () => {
  const { report } = await applySupplements(upstream, COPY);
  assert.is(report.compared, 701 * 2);
  const listed = report.differences.map((d) => `${d.record} ${d.key}.${d.field} ${d.kind}`);
  for (const known of ['BG12.3 tej.ht placeholder-here', 'BG12.3 rams.ht placeholder-here', 'BG12.18 tej.ht placeholder-here', 'BG12.18 rams.ht placeholder-here', 'BG13.1 rams.ht text', 'BG18.2 rams.ht text']) {
    assert.ok(listed.includes(known), `${known} in ${listed.join('; ')}`);
  }
  // Independently: texts that differ once white space is set aside, counted from the files.
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  const verses = JSON.parse(readFileSync(join(COPY, 'verse.json'), 'utf8')) as Array<{ id: number; chapter_number: number; verse_number: number }>;
  const place = new Map(verses.map((v) => [v.id, `BG${v.chapter_number}.${v.verse_number}`]));
  let differ = 0;
  for (const t of JSON.parse(readFileSync(join(COPY, 'translation.json'), 'utf8')) as Array<{ authorName: string; verse_id: number; description: string }>) {
    const key = t.authorName === 'Swami Tejomayananda' ? 'tej' : t.authorName === 'Swami Ramsukhdas' ? 'rams' : null;
    if (key && squeeze(text(upstream, place.get(t.verse_id)!, key)) !== squeeze(t.description)) differ++;
  }
  assert.is(report.differences.length, differ);
});

test('a supplement where the content has a text already is obsolete; a copy whose hash differs is refused, naming the file', async () => {
  const { content } = await applySupplements(upstream, COPY);
  const again = await applySupplements(content, COPY);
  assert.ok(again.report.results.every((r) => r.status === 'obsolete'));
  const bad = tempDir('gita-copy-');
  cpSync(COPY, bad, { recursive: true });
  writeFileSync(join(bad, 'translation.json'), '[]');
  try {
    await applySupplements(upstream, bad);
    assert.unreachable('a changed copy is refused');
  } catch (err) {
    assert.instance(err, SupplementError);
    assert.match((err as Error).message, /translation\.json: SHA-256 [0-9a-f]{64}, expected /);
  }
});

test.run();

// Who speaks (/speakers) on the real server over loopback: every speaker
// with the verses they speak, read against the records themselves (each
// listed verse's record names that speaker, every verse with a speaker is
// listed once), and each slug taken by ?speaker=.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILES } from '../../src/layout.ts';
import type { SpeakersList } from '../../src/content/speakers.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let server: Running;
let counts: number[];
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));

test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
  counts = file(FILES.manifest).content.versesPerChapter;
}));
test.after(hook(async () => {
  await server?.stop();
}));

test('/speakers lists every verse with a speaker once, under the speaker its record names', async () => {
  const r = await fetchRaw(server.url, '/speakers');
  assert.is(r.status, 200);
  const list = JSON.parse(r.text) as SpeakersList;
  assert.is(list.count, list.speakers.length);
  assert.equal(list.speakers.map((s) => s.slug).sort(), ['arjuna', 'dhritarashtra', 'krishna', 'sanjaya']);
  const listed = new Map<string, string>();
  for (const s of list.speakers) {
    assert.is(s.refs.length, s.verses, `${s.slug}: its count is its verses`);
    for (const ref of s.refs) {
      assert.not.ok(listed.has(ref), `${ref} listed once`);
      listed.set(ref, s.name);
    }
  }
  // Read against every record of the build: its speaker, or none for a colophon.
  let spoken = 0;
  counts.forEach((n, c) => {
    for (let v = 1; v <= n; v++) {
      const record = file(FILES.verse(c + 1, v)) as VerseRecord;
      const speaker = typeof record.speaker === 'string' ? record.speaker.normalize('NFC') : undefined;
      assert.is(listed.get(`BG${c + 1}.${v}`), speaker, `BG${c + 1}.${v}`);
      if (speaker) spoken++;
    }
  });
  assert.is(listed.size, spoken);
  assert.ok(listed.size > 650, `${listed.size} verses spoken`);
  const krishna = list.speakers.find((s) => s.slug === 'krishna')!;
  assert.ok(krishna.refs.includes('BG2.47') && krishna.label === 'Krishna');
  assert.is(list.speakers.find((s) => s.slug === 'dhritarashtra')!.refs[0], 'BG1.1');
});

test('each slug is what ?speaker= takes: a random verse of that speaker is one of theirs', async () => {
  const list = JSON.parse((await fetchRaw(server.url, '/speakers.json')).text) as SpeakersList;
  for (const s of list.speakers) {
    for (let i = 0; i < 5; i++) {
      const r = await fetchRaw(server.url, `/slok?speaker=${s.slug}`);
      assert.is(r.status, 200);
      const record = JSON.parse(r.text) as VerseRecord;
      assert.ok(s.refs.includes(`BG${record.chapter}.${record.verse}`), `${s.slug}: BG${record.chapter}.${record.verse}`);
    }
  }
});

test.run();

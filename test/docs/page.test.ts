import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsPage, trimmed } from '../../src/docs/page.ts';
import { commentaries } from '../../src/content/facts.ts';
import { describeAuthors } from '../../src/content/authors.ts';
import { contentFacts } from '../../src/publish/build.ts';
import { readContent } from '../../src/content/read.ts';
import { LISTED_ROUTES } from '../../src/contract/routes/index.ts';
import { FILES } from '../../src/layout.ts';
import { GUIDES } from '../../src/guides.ts';
import { SHARED_DATA } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

test('the commentator table comes from the content', async () => {
  const people = commentaries((await readContent(SHARED_DATA)).verses.map((v) => v.record));
  assert.is(people.length, 22);
  const byKey = Object.fromEntries(people.map((p) => [p.key, p]));
  assert.equal(byKey.rams, { key: 'rams', author: 'Swami Ramsukhdas', fields: { ht: 719, hc: 719 }, records: 719 });
  assert.equal(byKey.prabhu.records, 700);
  // The schema expects hc for sankar too; the content has none: the table says what the content holds.
  assert.equal(byKey.sankar.fields, { et: 719, ht: 719, sc: 719 });
});

test('the docs page names every route, the commentators and the license', async () => {
  const { distDir } = await testDist();
  const page = readFileSync(join(distDir, FILES.docs), 'utf8');
  assert.not.ok(page.includes('<code>GET /metrics</code>'), 'the operator\'s route is not on the page');
  for (const r of LISTED_ROUTES) assert.ok(page.includes(`<code>${r.methods.includes('POST') ? 'POST' : 'GET'} ${r.path}</code>`), r.path);
  assert.match(page, /<td><a href="\/authors\/prabhu"><code>prabhu<\/code><\/a> <span class="muted">\(not a classical commentary\)<\/span><\/td><td>A\.C\. Bhaktivedanta Swami Prabhupada<\/td><td>et \(English translation, \d+ verses\), ec \(English commentary, \d+ verses\)<\/td>/);
  assert.match(page, /<td><a href="\/authors\/tej"><code>tej<\/code><\/a><\/td><td>Swami Tejomayananda<\/td><td>ht \(Hindi translation(, \d+ verses)?\)<\/td><td>[^<]*hindi-comma [\d,]+/, 'the table of /authors: tej, all 701 verses, its Hindi commas mended');
  assert.match(page, /<code>siva<\/code><\/a><\/td><td>Swami Sivananda<\/td><td>et \(English translation[^)]*\), ec \(English word-by-word and commentary[^)]*\)<\/td><td>[^<]*question-mark [\d,]+/, 'siva.ec is word by word then a commentary, and its repairs are named');
  assert.match(page, /GNU General Public License v3/);
  assert.match(page, /<h2 id="corrections">Corrections<\/h2>/);
  assert.match(page, /<form method="get" action="\/search" role="search">[\s\S]*<input type="hidden" name="format" value="html">/, 'a search box that works without JavaScript');
  assert.match(page, /BG18\.45: 21 commentaries corrected/);
  assert.match(page, /6427b148cc77ccad69248b93a88685c7971cb37a30fc75252487fd5c7cfda617/, 'the evidence names the file by its hash');
  assert.match(page, /href="https:\/\/github\.com\/vedicscriptures\/bhagavad-gita\/commit\/ada53f2aa8c51c9007f2aa040413d1c56eb28bde"/, 'and the history by its commits');
  assert.match(page, /Evidence \(the audit of the content as upstream serves it\): BG18\.45: 27 texts of 21 commentaries name 5\.10/);
  assert.match(page, /BG16\.3 abhinav\.et begins &quot;6\.3&quot;, one slip from 16\.3: a typo/);
  assert.match(page, /<a href="\/slok\?speaker=arjuna"><code>arjuna<\/code><\/a><\/td><td>अर्जुन \(Arjuna\)<\/td><td>86<\/td>/, 'verses per speaker, from the content');
  assert.match(page, /No verse matching the query could be found\./);
  assert.not.match(page, /<script/i, 'works without JavaScript');
  const pricing = readFileSync(join(distDir, FILES.pricing), 'utf8');
  assert.match(pricing, /static copy of the API/);
  assert.not.match(pricing, /<form/, 'a CDN cannot register keys');
});

test('the docs page lists the guides by their titles, as written, each linked to its page', async () => {
  const { distDir } = await testDist();
  const page = readFileSync(join(distDir, FILES.docs), 'utf8');
  const list = /<p>Guides: ([\s\S]*?)\.<\/p>/.exec(page)![1];
  const links = [...list.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
  assert.equal(links, GUIDES.map((g) => [`/docs/${g.name}`, g.title.replace(/&/g, '&amp;')]));
  assert.ok(links.some(([, title]) => title === 'API reference'), 'a title keeps its capitals');
});

test('trimmed shortens long strings and objects, and says what it left out', () => {
  const t = trimmed({ a: 'x'.repeat(200), b: 1, c: 2, d: 3, e: 4, f: 5, g: 6, h: 7, i: 8 }) as Record<string, unknown>;
  assert.is((t.a as string).length, 91);
  assert.is(t['…'], '2 more keys');
  assert.equal(trimmed([1, 2, 3]), [1, '… 2 more']);
});

test('docsPage escapes what it prints: markup in the content, the audit and the authors is shown as text', async () => {
  const { contentDir } = await testDist();
  const content = await readContent(contentDir);
  const audit = JSON.parse(readFileSync(join(contentDir, 'audit.json'), 'utf8'));
  const facts = { ...contentFacts(content), versions: [] };
  const authors = describeAuthors(content.verses.map((v) => v.record), facts.versesPerChapter, audit);
  const clean = docsPage({ content, daily: { chapter: 1, verse: 1 }, audit, facts, authors });
  const STRAY = /<\/?(?!html|head|meta|title|style|body|main|nav|a|h1|h2|h3|p|pre|code|table|tr|th|td|span|strong|em|img|br|ul|li|form|label|input|button)\w+/i;
  assert.not.match(clean, STRAY, 'no stray tags from the content');
  assert.not.match(clean, /<script/i);
  // Hostile text where the page prints what it was given: a note and a finding of the audit, an author's name.
  const hostile = (where: string) => `<script>alert("${where}")</script><img src=x onerror="alert('${where}')">&amp;`;
  const bad = structuredClone(audit);
  bad.notes.push({ ...(bad.notes[0] ?? { record: 'BG1.1', kind: 'typo', text: 'x' }), summary: hostile('note') });
  bad.findings.push({ ...(bad.findings[0] ?? { record: 'BG1.1' }), summary: hostile('finding') });
  const badAuthors = authors.map((a, i) => (i === 0 ? { ...a, author: hostile('author') } : a));
  const page = docsPage({ content, daily: { chapter: 1, verse: 1 }, audit: bad, facts, authors: badAuthors });
  for (const where of ['note', 'finding', 'author']) {
    assert.ok(page.includes(`&lt;script&gt;alert(&quot;${where}&quot;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(&#39;${where}&#39;)&quot;&gt;&amp;amp;`), `the ${where} is printed, escaped`);
  }
  assert.not.match(page, /<script/i, 'no script tag');
  assert.not.match(page, /<img src=x/i, 'no injected image');
  assert.not.match(page, STRAY);
});

test.run();

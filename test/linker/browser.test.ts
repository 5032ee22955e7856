/// <reference lib="dom" />
// The reference tagger as a site's visitor meets it, in real Chromium: a page
// of another origin (a plain node:http server on 127.0.0.1) includes
// <script src="http://localhost:PORT/linker.js" defer> from the API server.
// Checked: the links and their addresses, the skipped elements untouched,
// text added later tagged, the card on hover and on keyboard focus with the
// verse's text from the API (across CORS), Escape, one request per verse,
// the options of the script tag, a static copy of dist/ as the API, and the
// size of the file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { Manifest } from '../../src/contract/manifest.ts';
import { devanagariMarks, iastMarks, withoutMarker } from '../../src/content/display.ts';
import { textBody } from '../../src/content/references.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { CARD_LABELS } from '../../src/linker/labels.ts';
import { LINKER_GZIP_LIMIT } from '../../src/publish/linker.ts';
import { AUTHOR_NAMES_HI } from '../../src/content/author-names.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, outputDir, requireChromium, screenshot } from '../helpers/browser.ts';
import { startServer, type Running } from '../helpers/server.ts';

let browser: Browser;
let api: Running;
let site: Server;
let dist: string;
/** The API as the pages name it: localhost, where the pages are on 127.0.0.1 (another origin). */
let apiBase: string;
let siteBase: string;
const shots = outputDir('linker');

const record = (ch: number, sl: number) => JSON.parse(readFileSync(join(dist, FILES.verse(ch, sl)), 'utf8')) as VerseRecord;
const said = (r: VerseRecord, key: string, field: string) => textBody((r[key] as unknown as Record<string, string>)[field]).trim();

/** Elements whose text has a reference the tagger must leave alone, as written in the page. */
const SKIPPED_HTML: Array<[id: string, html: string]> = [
  ['in-link', '<a id="in-link" href="#top">Gita 2.47 in a link</a>'],
  ['in-code', '<code id="in-code">Gita 2.47</code>'],
  ['in-pre', '<pre id="in-pre">see Gita 2.47\n</pre>'],
  ['in-textarea', '<textarea id="in-textarea">Gita 2.47</textarea>'],
  ['in-select', '<select id="in-select"><option>Gita 2.47</option></select>'],
  ['in-editable', '<div id="in-editable" contenteditable="true">Gita 2.47 being edited</div>'],
  ['in-no-gita', '<div id="in-no-gita" class="no-gita"><p>Gita <b>says</b> (Gita 2.47)</p></div>'],
  ['in-script', '<script id="in-script">window.gitaText = "Gita 2.47";</script>'],
  ['in-style', '<style id="in-style">/* Gita 2.47 */</style>'],
];

const PAGE = (script: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
<body style="font:16px/1.5 sans-serif;max-width:40rem;margin:2rem auto">
<p id="top">As the Bhagavad Gita 2.47 says, work without a claim on the fruits; BG 2.47-50 is the whole teaching.</p>
<p id="hindi">गीता २.४७ में यही कहा है।</p>
<p id="list">Gita 18.66, 3.5; and neither Gita 19.1 nor Gita 2 nor verse 2.47 alone.</p>
<p id="input-row"><input id="in-input" value="Gita 2.47"></p>
${SKIPPED_HTML.map(([, html]) => html).join('\n')}
<div id="later"></div>
${script}
</body></html>
`;

test.before(hook(async () => {
  requireChromium();
  ({ distDir: dist } = await testDist());
  [browser, api] = await Promise.all([launch(), startServer('node', { dist, dataDir: tempDir() })]);
  apiBase = `http://localhost:${api.port}`;
  // The site: its pages, and under /mirror/ a plain static copy of dist/ (a CDN, no query parameters) to point data-base at.
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const pages: Record<string, string> = {
      '/post.html': PAGE(`<script src="${apiBase}/linker.js" defer></script>`),
      '/hindi.html': PAGE(`<script src="${apiBase}/linker.js" data-lang="hi" data-author="rams" defer></script>`),
      '/unknown-author.html': PAGE(`<script src="${apiBase}/linker.js" data-author="rams" defer></script>`),
      '/mirrored.html': PAGE(`<script src="${apiBase}/linker.js" data-base="/mirror/" defer></script>`),
      '/besant.html': PAGE(`<script src="${apiBase}/linker.js" data-version="besant" defer></script>`),
      '/telugu-mirrored.html': PAGE(`<script src="${apiBase}/linker.js" data-version="telugu-wikisource" data-base="/mirror/" defer></script>`),
    };
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (pages[path]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[path]);
      return;
    }
    const file = normalize(path.replace(/^\/mirror/, '')).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = readFileSync(join(dist, file.endsWith('.json') ? file : join(file, 'index.html')));
      res.writeHead(200, { 'content-type': file.endsWith('.json') ? 'application/json' : 'text/html; charset=utf-8' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}));
test.after(hook(async () => {
  await browser?.close();
  await api?.stop();
  if (site) await new Promise((resolve) => site.close(resolve));
}));

interface Link {
  text: string;
  href: string;
  ref: string;
  parent: string;
}
const links = (page: Page): Promise<Link[]> =>
  page.$$eval('a[data-gita-ref]', (all) => all.map((a) => ({ text: a.textContent!, href: a.getAttribute('href')!, ref: a.getAttribute('data-gita-ref')!, parent: a.parentElement!.id })));

/** A page of the site, with every request it makes to the API's verses counted. */
async function open(path: string) {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  const verseRequests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => /\/slok\//.test(r.url()) && verseRequests.push(r.url()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${siteBase}${path}`);
  await page.waitForSelector('#list a[data-gita-ref]');
  return { page, verseRequests, errors };
}

/** The card as shown: its text, whether it is visible, and the links it describes. */
const card = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[role="tooltip"]');
    if (!el) return null;
    const described = [...document.querySelectorAll('[aria-describedby]')].filter((a) => a.getAttribute('aria-describedby')!.split(' ').includes(el.id));
    const box = el.getBoundingClientRect();
    return { id: el.id, visible: !el.hidden && box.height > 0, text: el.innerText, describes: described.map((a) => a.textContent), box: { top: box.top, bottom: box.bottom } };
  });

const waitForCard = (page: Page, text: string) =>
  page.waitForFunction((t) => {
    const el = document.querySelector<HTMLElement>('[role="tooltip"]');
    return !!el && !el.hidden && el.innerText.includes(t);
  }, text);

test('a page of another origin: each reference a link to its reading page, around exactly the reference; the rest of the text as it was', async () => {
  const { page, errors } = await open('/post.html');
  try {
    const found = await links(page);
    assert.equal(found, [
      { text: 'Bhagavad Gita 2.47', href: `${apiBase}/read/2/47`, ref: 'BG2.47', parent: 'top' },
      { text: 'BG 2.47-50', href: `${apiBase}/read/2/47`, ref: 'BG2.47-50', parent: 'top' },
      { text: 'गीता २.४७', href: `${apiBase}/read/2/47`, ref: 'BG2.47', parent: 'hindi' },
      { text: 'Gita 18.66', href: `${apiBase}/read/18/66`, ref: 'BG18.66', parent: 'list' },
      { text: '3.5', href: `${apiBase}/read/3/5`, ref: 'BG3.5', parent: 'list' },
    ]);
    // Each link's text is a reference /verses reads to its data-gita-ref, and its address is a reading page.
    for (const l of found) {
      const read = (await (await fetch(`${api.url}/verses?ref=${encodeURIComponent(l.text)}&fields=_id`)).json()) as { refs: string[] };
      assert.equal(read.refs, [l.ref], l.text);
      const reading = await fetch(l.href.replace(apiBase, api.url));
      assert.is(reading.status, 200, l.href);
      assert.match(reading.headers.get('content-type')!, /text\/html/);
    }
    // The text reads as it did: only links were added.
    const text = await page.$eval('#list', (p) => p.textContent);
    assert.is(text, 'Gita 18.66, 3.5; and neither Gita 19.1 nor Gita 2 nor verse 2.47 alone.');
    // Skipped: every element of SKIPPED_HTML exactly as written; a form field's value as it was.
    for (const [id, html] of SKIPPED_HTML) assert.is(await page.$eval(`#${id}`, (el) => el.outerHTML), html, id);
    assert.is(await page.$eval('#in-input', (el) => (el as HTMLInputElement).value), 'Gita 2.47');
    assert.equal(errors, []);
    await screenshot(page, { path: join(shots, 'post.png') });
  } finally {
    await page.close();
  }
});

test('text added later is tagged, and text changed in place; added inside a skipped element it is not', async () => {
  const { page } = await open('/post.html');
  try {
    await page.evaluate(() => {
      const skipped = document.createElement('code');
      skipped.id = 'later-code';
      skipped.textContent = 'Gita 4.7';
      document.getElementById('in-no-gita')!.append(Object.assign(document.createElement('span'), { id: 'later-no-gita', textContent: 'Gita 4.8' }));
      const p = document.createElement('p');
      p.id = 'later-p';
      p.innerHTML = 'Later: <em>Bg. 4.7</em> and Gita 4.8.';
      document.getElementById('later')!.append(skipped, p);
      document.getElementById('hindi')!.lastChild!.textContent = ' और गीता 9.22 भी।';
    });
    await page.waitForSelector('#later-p a[data-gita-ref="BG4.8"]');
    await page.waitForSelector('#hindi a[data-gita-ref="BG9.22"]');
    assert.equal(
      (await links(page)).filter((l) => l.parent !== 'top' && l.parent !== 'list').map((l) => [l.text, l.ref]),
      [['गीता २.४७', 'BG2.47'], ['गीता 9.22', 'BG9.22'], ['Bg. 4.7', 'BG4.7'], ['Gita 4.8', 'BG4.8']],
    );
    assert.is(await page.$eval('#later-code', (el) => el.innerHTML), 'Gita 4.7');
    assert.is(await page.$eval('#later-no-gita', (el) => el.innerHTML), 'Gita 4.8');
  } finally {
    await page.close();
  }
});

test('hover shows the card with the verse from the API (Devanagari, transliteration, a translation), described by the link; Escape dismisses it; each verse is fetched once', async () => {
  const { page, verseRequests, errors } = await open('/post.html');
  try {
    const r = record(2, 47);
    const devanagari = devanagariMarks(withoutMarker(r.slok)).trim();
    const iast = iastMarks(withoutMarker(r.transliteration)).trim();
    assert.is(await card(page).then((c) => c?.visible), false, 'no card before a hover');
    await page.hover('#top a >> nth=0');
    await waitForCard(page, said(r, 'siva', 'et').slice(0, 40));
    const shown = (await card(page))!;
    assert.ok(shown.visible);
    assert.ok(shown.text.startsWith('Bhagavad Gita 2.47'), shown.text);
    for (const line of devanagari.split('\n')) assert.ok(shown.text.includes(line), `the Devanagari: ${line}`);
    for (const line of iast.split('\n')) assert.ok(shown.text.includes(line), `the transliteration: ${line}`);
    assert.ok(shown.text.includes(`— ${(r.siva as { author: string }).author}`));
    assert.equal(shown.describes, ['Bhagavad Gita 2.47']);
    // Beside the link: just below it (or above where there is no room).
    const link = (await page.$eval('#top a', (a) => a.getBoundingClientRect().toJSON())) as DOMRect;
    assert.ok(shown.box.top >= link.bottom || shown.box.bottom <= link.top, JSON.stringify({ link, card: shown.box }));
    await screenshot(page, { path: join(shots, 'hover.png') });
    // The pointer may move onto the card (to select its text) and it stays.
    await page.mouse.move(link.left + 5, shown.box.top + 10, { steps: 4 });
    await page.waitForTimeout(400);
    assert.ok((await card(page))!.visible, 'the card stays under the pointer');
    await page.keyboard.press('Escape');
    const gone = (await card(page))!;
    assert.is(gone.visible, false);
    assert.equal(gone.describes, []);
    // The range starts at the same verse: shown from what was fetched, not fetched again.
    await page.hover('#top a >> nth=1');
    await waitForCard(page, 'Bhagavad Gita 2.47–50');
    await waitForCard(page, devanagari.split('\n')[0]);
    await page.hover('#hindi a');
    await waitForCard(page, devanagari.split('\n')[0]);
    assert.equal(verseRequests.filter((u) => u.includes('/slok/2/47/')).length, 1, verseRequests.join('\n'));
    assert.equal(verseRequests[0], `${apiBase}/slok/2/47/en.json?fields=slok,transliteration,siva.et,prabhu.et,purohit.et,adi.et`);
    // The pointer gone, the card goes.
    await page.mouse.move(5, 790);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[role="tooltip"]')!.hidden);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

test('keyboard: Tab to a link shows its card, Escape dismisses it, Tab on shows the next', async () => {
  const { page } = await open('/post.html');
  try {
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement!.textContent), 'Bhagavad Gita 2.47');
    await waitForCard(page, said(record(2, 47), 'siva', 'et').slice(0, 40));
    assert.equal((await card(page))!.describes, ['Bhagavad Gita 2.47']);
    await page.keyboard.press('Escape');
    assert.is((await card(page))!.visible, false);
    assert.is(await page.evaluate(() => document.activeElement!.textContent), 'Bhagavad Gita 2.47', 'focus stays on the link');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement!.textContent), 'Gita 18.66');
    const r = record(18, 66);
    await waitForCard(page, said(r, 'siva', 'et').slice(0, 40));
    const shown = (await card(page))!;
    assert.ok(shown.text.includes(devanagariMarks(withoutMarker(r.slok)).split('\n')[0]));
    assert.equal(shown.describes, ['Gita 18.66']);
    await screenshot(page, { path: join(shots, 'focus.png') });
    // Focus leaves: the card goes.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    assert.is((await card(page))!.visible, false);
  } finally {
    await page.close();
  }
});

test("the script tag's options: data-lang and data-author choose the card's translation and the reading page's; a Hindi card speaks Hindi", async () => {
  const { page } = await open('/hindi.html');
  try {
    const first = (await links(page))[0];
    assert.equal([first.text, first.href], ['Bhagavad Gita 2.47', `${apiBase}/read/2/47?lang=hi&author=rams`]);
    const r = record(2, 47);
    await page.hover('#top a >> nth=0');
    await waitForCard(page, said(r, 'rams', 'ht').slice(0, 30));
    const shown = (await card(page))!;
    // The heading and the author as the Hindi reading page writes them.
    assert.ok(shown.text.startsWith(`${READING_LABELS.hi.book} 2.47\n`), shown.text);
    assert.ok(shown.text.includes(`— ${AUTHOR_NAMES_HI.rams}`), shown.text);
    assert.not.ok(shown.text.includes((r.rams as { author: string }).author), 'not the record\'s Latin name');
    assert.is(await page.$eval('[role="tooltip"]', (el) => el.getAttribute('lang')), 'hi');
    await screenshot(page, { path: join(shots, 'hindi.png') });
  } finally {
    await page.close();
  }
});

test('data-author with no translation in the language: named in the console, and the card shows its usual choice', async () => {
  const page = await browser.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  try {
    await page.goto(`${siteBase}/unknown-author.html`);
    await page.waitForSelector('#list a[data-gita-ref]');
    assert.is((await links(page))[0].href, `${apiBase}/read/2/47`);
    const r = record(2, 47);
    await page.hover('#top a >> nth=0');
    await waitForCard(page, said(r, 'siva', 'et').slice(0, 40));
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /^linker\.js: data-author: "rams" has no translation in en here \(those that have: [^)]*siva/);
  } finally {
    await page.close();
  }
});

test("data-version: the card shows the version's text with its credit, the link opens the version's page; on a static copy too, and a verse the version lacks says so", async () => {
  const inVersions = (ch: number, sl: number) => JSON.parse(readFileSync(join(dist, filled(ROUTE['verse-versions'].file!, { ch, sl })), 'utf8')) as { versions: Array<{ id: string; text: string | null; credit: string }> };
  const { page } = await open('/besant.html');
  try {
    assert.is((await links(page))[0].href, `${apiBase}/read/2/47?version=besant`);
    const besant = inVersions(2, 47).versions.find((v) => v.id === 'besant')!;
    await page.hover('#top a >> nth=0');
    await waitForCard(page, besant.text!.slice(0, 40));
    const shown = (await card(page))!;
    assert.ok(shown.text.includes(`— ${besant.credit}`), shown.text);
    assert.is(await page.$eval('[role="tooltip"] .gita-ref-text', (el) => el.getAttribute('lang')), 'en');
  } finally {
    await page.close();
  }
  const mirrored = await open('/telugu-mirrored.html');
  try {
    const telugu = inVersions(2, 47).versions.find((v) => v.id === 'telugu-wikisource')!;
    await mirrored.page.hover('#top a >> nth=0');
    await waitForCard(mirrored.page, telugu.text!.slice(0, 20));
    assert.ok((await card(mirrored.page))!.text.includes(telugu.credit), 'the credit, from the static file of all the versions');
    assert.is(await mirrored.page.$eval('[role="tooltip"] .gita-ref-text', (el) => el.getAttribute('lang')), 'te');
    await mirrored.page.evaluate(() => {
      const a = document.createElement('a');
      a.id = 'lacking';
      a.dataset.gitaRef = 'BG1.13';
      a.href = '#';
      a.textContent = 'Gita 1.13';
      document.body.append(a);
    });
    await mirrored.page.hover('#lacking');
    await waitForCard(mirrored.page, CARD_LABELS.en.missing);
  } finally {
    await mirrored.page.close();
  }
});

test('data-base: the links and the verses from another address, here a plain static copy of dist/ (which ignores the query)', async () => {
  const { page, verseRequests } = await open('/mirrored.html');
  try {
    assert.is((await links(page))[0].href, `${siteBase}/mirror/read/2/47`);
    const r = record(2, 47);
    await page.hover('#top a >> nth=0');
    await waitForCard(page, said(r, 'siva', 'et').slice(0, 40));
    assert.match(verseRequests[0], new RegExp(`^${siteBase}/mirror/slok/2/47/en\\.json\\?`));
    // The reading page is there too.
    assert.is((await fetch(`${siteBase}/mirror/read/2/47`)).status, 200);
  } finally {
    await page.close();
  }
});

test("the tagger's guide on the site runs it on itself: its references are links with the card, its code stays as written", async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${api.url}/docs/linker`);
    await page.waitForSelector('a[data-gita-ref="BG18.66"]');
    const refs = await page.$$eval('a[data-gita-ref]', (all) => all.map((a) => `${a.textContent} ${a.getAttribute('data-gita-ref')}`));
    for (const shown of ['Bhagavad Gita 2.47 BG2.47', 'BG 18.66 BG18.66', 'गीता २.४७ BG2.47', 'Gita 2.47-50 BG2.47-50']) assert.ok(refs.includes(shown), `${shown} in ${refs.join('; ')}`);
    assert.is(await page.$$eval('code a, pre a', (all) => all.length), 0);
    assert.ok(!refs.some((r) => r.startsWith('Gita 19.1')));
    await page.hover('a[data-gita-ref="BG18.66"]');
    await waitForCard(page, said(record(18, 66), 'siva', 'et').slice(0, 40));
    await screenshot(page, { path: join(shots, 'guide.png') });
  } finally {
    await page.close();
  }
});

test(`linker.js: served with CORS and as a script, listed in the manifest, at most ${LINKER_GZIP_LIMIT / 1024} kB gzipped`, async () => {
  const manifest = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8')) as Manifest;
  const body = readFileSync(join(dist, FILES.linker));
  const gzip = gzipSync(body, { level: 9 }).length;
  assert.ok(gzip <= LINKER_GZIP_LIMIT, `${gzip} bytes gzipped`);
  assert.ok(manifest.files[FILES.linker].gzip! <= LINKER_GZIP_LIMIT, `the published twin: ${manifest.files[FILES.linker].gzip} bytes`);
  // One classic script, no import of anything.
  assert.not.match(body.toString(), /\bimport\s*\(|^import |\bexport\s/m);
  const res = await fetch(`${api.url}${FILES.linker}`, { headers: { origin: siteBase } });
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type')!, /^text\/javascript/);
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  // The verse's answer the card asks for, across origins too.
  const verse = await fetch(`${api.url}${FILES.verse(2, 47, 'en')}?fields=slok`, { headers: { origin: siteBase } });
  assert.is(verse.headers.get('access-control-allow-origin'), '*');
});

test.run();

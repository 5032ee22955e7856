// The mixed load that memory is read after, by `npm run bench` and
// `npm run bench:memory`: uniformly random over records, their projections
// (?lang=, ?authors=, i.e. commentaries), a chapter's projected verses,
// searches, cards (SVG in two themes, PNG), the word analysis and lemmas,
// /verses ranges and the reading pages; a third of the requests plain, a
// third asking for br and gzip, a third for gzip. As a wrk Lua script.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../src/contract/manifest.ts';

/** The load's paths by part, each part named as `bench:memory` prints it. */
export function mixedParts(manifest: Manifest): Record<string, string[]> {
  const verses = manifest.content.versesPerChapter.flatMap((n, c) => Array.from({ length: n }, (_, v) => [c + 1, v + 1] as const));
  const every = <T>(list: readonly T[], step: number) => list.filter((_, i) => i % step === 0);
  const lemmas = Object.keys(manifest.files).filter((p) => /^\/lemma\/[^/]+\.json$/.test(p)).map((p) => p.slice(7, -5));
  const words = ['karma', 'yoga', 'dharma', 'atman', 'krishna', 'arjuna', 'mind', 'self', 'duty', 'peace', 'death', 'knowledge', 'devotion', 'action', 'fruit', 'desire', 'senses', 'wisdom'];
  return {
    records: verses.map(([c, v]) => `/slok/${c}/${v}`),
    projections: [
      ...verses.map(([c, v]) => `/slok/${c}/${v}?lang=en`),
      ...every(verses, 3).map(([c, v]) => `/slok/${c}/${v}?authors=siva,sankar`),
      ...manifest.content.versesPerChapter.map((_, c) => `/chapter/${c + 1}/slok?lang=en&authors=siva`),
    ],
    search: words.flatMap((w) => words.slice(0, 6).map((x) => `/search?q=${w}%20${x}`)),
    'SVG cards': [...verses.map(([c, v]) => `/slok/${c}/${v}/gita.svg`), ...every(verses, 2).map(([c, v]) => `/slok/${c}/${v}/gita-dark.svg`)],
    'PNG cards': every(verses, 10).map(([c, v]) => `/slok/${c}/${v}/gita.png`),
    words: [
      ...verses.map(([c, v]) => `/slok/${c}/${v}/analysis`),
      ...every(verses, 2).map(([c, v]) => `/slok/${c}/${v}/words`),
      ...lemmas.slice(0, 800).map((l) => `/lemma/${encodeURIComponent(l)}`),
    ],
    'pages and ranges': [
      ...every(verses, 4).map(([c, v]) => `/verses?ref=${c}.${v}-${v + 3}`),
      ...every(verses, 2).map(([c, v]) => `/read/${c}/${v}`),
      ...manifest.content.versesPerChapter.flatMap((_, c) => [`/read/${c + 1}`, `/chapter/${c + 1}`]),
      '/chapters',
      '/authors',
      '/lemmas',
    ],
  };
}

/** A wrk script (written into `dir`) asking for `paths` at random, in the three codings at random. */
export function mixedScript(dir: string, paths: readonly string[], name = 'mixed'): string {
  const file = join(dir, `${name.replace(/\W+/g, '-')}.lua`);
  writeFileSync(
    file,
    `math.randomseed(os.time())\nlocal paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\n` +
      `local codings = {false, "br, gzip", "gzip"}\n` +
      `request = function()\n  local c = codings[math.random(3)]\n  local h = {}\n  if c then h["Accept-Encoding"] = c end\n  return wrk.format(nil, paths[math.random(#paths)], h)\nend\n`,
  );
  return file;
}

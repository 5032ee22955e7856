// The static checks of a built dist/, for a pipeline about to publish it: the
// manifest lists every file with the right size and SHA-256, every twin
// decompresses to its file, JSON parses, every verse and chapter is there,
// and the files static hosts need are present. Nothing more, nothing less.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ENCODINGS, FILES, LANG_FORMS } from '../layout.ts';
import { MANIFEST_VERSION, type Manifest } from '../contract/manifest.ts';
import { HOST_FILES } from './hosts.ts';

/** Every problem found in `dir` (empty: it may be published). */
export function checkDist(dir: string): string[] {
  const problems: string[] = [];
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, FILES.manifest), 'utf8'));
  } catch (err) {
    return [`${FILES.manifest}: unreadable (${(err as Error).message})`];
  }
  if (manifest.version !== MANIFEST_VERSION) problems.push(`${FILES.manifest}: version ${manifest.version}, expected ${MANIFEST_VERSION}`);
  const expected = new Set<string>([FILES.manifest, ...ENCODINGS.map((e) => FILES.manifest + e.suffix), ...HOST_FILES]);
  for (const [path, entry] of Object.entries(manifest.files)) {
    expected.add(path);
    // Its twins are listed with it, whether or not it is there to check them against.
    for (const { coding, suffix } of ENCODINGS) if (entry[coding] !== undefined) expected.add(path + suffix);
    let body: Buffer;
    try {
      body = readFileSync(join(dir, path));
    } catch {
      problems.push(`${path}: listed in the manifest, missing`);
      continue;
    }
    if (body.length !== entry.size) problems.push(`${path}: ${body.length} bytes, the manifest says ${entry.size}`);
    if (createHash('sha256').update(body).digest('hex') !== entry.sha256) problems.push(`${path}: SHA-256 differs from the manifest's`);
    if (entry.type.startsWith('application/json')) {
      try {
        JSON.parse(body.toString('utf8'));
      } catch (err) {
        problems.push(`${path}: not JSON (${(err as Error).message})`);
      }
    }
    for (const { coding, suffix } of ENCODINGS) {
      if (entry[coding] === undefined) continue;
      try {
        const twin = readFileSync(join(dir, path + suffix));
        if (!(coding === 'br' ? brotliDecompressSync(twin) : gunzipSync(twin)).equals(body)) problems.push(`${path}${suffix}: does not decompress to ${path}`);
      } catch (err) {
        problems.push(`${path}${suffix}: ${(err as Error).message}`);
      }
    }
  }
  // Every resource the API promises, for every verse and chapter.
  const need = [FILES.chapters, FILES.docs, FILES.openapi, FILES.notFound, FILES.today(), FILES.todayCard(), ...LANG_FORMS.map((l) => FILES.today(l))];
  manifest.content.versesPerChapter.forEach((count, i) => {
    need.push(FILES.chapter(i + 1), FILES.chapterVerses(i + 1), ...LANG_FORMS.map((l) => FILES.chapterVerses(i + 1, l)));
    for (let v = 1; v <= count + 1; v++) need.push(FILES.verse(i + 1, v), FILES.card(i + 1, v), ...LANG_FORMS.map((l) => FILES.verse(i + 1, v, l)));
  });
  for (const path of need) if (!manifest.files[path]) problems.push(`${path}: not in the manifest`);
  for (const file of HOST_FILES) if (!existsSync(join(dir, file))) problems.push(`${file}: missing (static hosts need it)`);
  // And nothing that is not listed: whatever is in dist/ is published.
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!expected.has(`/${relative(dir, p)}`)) problems.push(`/${relative(dir, p)}: in dist/ but not in the manifest`);
    }
  };
  walk(dir);
  return problems;
}

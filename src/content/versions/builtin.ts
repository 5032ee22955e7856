// The two versions the project imports itself, from the sources beside it
// (../shared): their manifests (facts about each text and its rights) and
// where their files are. They go through the same checks and the same
// model as an operator's own folder.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { VersionManifest } from './model.ts';

/**
 * Besant's translation is in the public domain (published 1922; she died in
 * 1933). The text here is Wikisource's transcription, which Wikisource
 * offers under CC BY-SA 3.0 or the GNU FDL: it is taken under CC BY-SA 3.0,
 * the license its credit line satisfies, rather than claimed public domain
 * on a legal argument that not every country accepts for a transcription.
 */
export const BESANT: VersionManifest = {
  id: 'besant',
  language: 'en',
  title: 'The Bhagavad-Gita (4th edition)',
  translator: 'Annie Besant',
  published: '1922',
  license: 'CC-BY-SA-3.0',
  source: "https://en.wikisource.org/wiki/Bhagavad-Gita_(Besant_4th) (Wikisource's export of 2023-02-14, as kept in github.com/iddev5/gita-cli at 007c3ea)",
  credit: "Annie Besant's translation, The Bhagavad-Gita (4th edition, 1922; public domain), as transcribed by Wikisource (CC BY-SA 3.0)",
};

/** CC BY-SA 4.0 as Wikisource licenses it; no single translator is named. */
export const TELUGU: VersionManifest = {
  id: 'telugu-wikisource',
  language: 'te',
  title: 'భగవద్గీత - తెలుగు అనువాదము',
  translator: "Telugu Wikisource's contributors",
  license: 'CC-BY-SA-4.0',
  source: 'https://te.wikisource.org/wiki/భగవద్గీత_-_తెలుగు_అనువాదము (the eighteen chapter pages, as parsed by github.com/nvkudva/bhagavad-geeta at 48610ca)',
  credit: 'Telugu translation: భగవద్గీత - తెలుగు అనువాదము, Telugu Wikisource (CC BY-SA 4.0)',
};

/** Where each built-in version's files are: a folder, or false to import without it. */
export interface BuiltinDirs {
  besant: string | false;
  telugu: string | false;
}

/** The sources beside the project, each when its folder exists. */
export function defaultBuiltinDirs(projectRoot: string): BuiltinDirs {
  const at = (name: string) => {
    const dir = resolve(projectRoot, '../shared', name);
    return existsSync(dir) ? dir : false;
  };
  return { besant: at('besant-gita'), telugu: at('telugu-wikisource') };
}

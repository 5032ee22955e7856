// The reference tagger, dist/linker.js: one script tag on any page,
//   <script src="https://HOST/linker.js" defer></script>
// makes every Gita reference in the page's text ("Gita 2.47", "BG 18.66",
// "गीता २.४७") a link to its reading page, with the verse on hover or focus.
// The build bundles this file for browsers (src/publish/linker.ts), with the
// chapters' verse counts of its content in __GITA_VERSES__, the commentaries
// with a translation in each of the card's languages in __GITA_TRANSLATORS__,
// and their authors' names in the card's other languages in __GITA_AUTHOR_NAMES__.
import { readOptions, type AuthorNames, type Translators } from './options.ts';
import { readingUrl } from './verse.ts';
import { startTagging } from './tag.ts';
import { startCards } from './tooltip.ts';

declare const __GITA_VERSES__: readonly number[];
declare const __GITA_TRANSLATORS__: Translators;
declare const __GITA_AUTHOR_NAMES__: AuthorNames;

/** Set on the window once the tagger runs: the script included twice tags once. */
const RUNNING = '__gitaLinker';

function main() {
  const w = window as unknown as Record<string, unknown>;
  if (w[RUNNING]) return;
  w[RUNNING] = true;
  // The script's own tag (currentScript is only known while it first runs), for its address and its options.
  const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[src*="linker.js"]');
  const attr = (name: string) => script?.getAttribute(name) ?? null;
  const options = readOptions({ src: script?.src || location.href, page: document.baseURI, base: attr('data-base'), lang: attr('data-lang'), author: attr('data-author') }, __GITA_TRANSLATORS__, (m) => console.warn(`linker.js: ${m}`));
  const start = () => {
    startCards(document, options, __GITA_AUTHOR_NAMES__);
    startTagging(document, { versesPerChapter: __GITA_VERSES__, href: (r) => readingUrl(options, r.ch, r.sl) });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

main();

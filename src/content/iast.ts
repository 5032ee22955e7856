// Devanagari to IAST (and back), through the sanscript package, for the
// content (word lists) and for search.
import SanscriptPackage from '@indic-transliteration/sanscript';

// The package's types declare an ES default export; its code is CommonJS
// (module.exports = Sanscript), which Node and bundlers hand over as the default import.
type Transliterate = { t(data: string, from: string, to: string): string };
export const Sanscript = ((SanscriptPackage as unknown as { default?: Transliterate }).default ?? SanscriptPackage) as unknown as Transliterate;

/**
 * Transliterated once per distinct text: an import asks for the same words
 * again and again (about 47,000 asks of under 7,000 texts, half a second of
 * its time). Bounded: emptied when full, so a long-lived process keeps at
 * most TO_IAST_KEPT texts.
 */
const TO_IAST_KEPT = 20_000;
const transliterated = new Map<string, string>();

export function toIast(devanagari: string): string {
  let iast = transliterated.get(devanagari);
  if (iast === undefined) {
    if (transliterated.size >= TO_IAST_KEPT) transliterated.clear();
    transliterated.set(devanagari, (iast = Sanscript.t(devanagari, 'devanagari', 'iast')));
  }
  return iast;
}

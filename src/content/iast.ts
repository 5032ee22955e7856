// Devanagari to IAST (and back), through the sanscript package, for the
// content (word lists) and for search.
import SanscriptPackage from '@indic-transliteration/sanscript';

// The package's types declare an ES default export; its code is CommonJS
// (module.exports = Sanscript), which Node and bundlers hand over as the default import.
type Transliterate = { t(data: string, from: string, to: string): string };
export const Sanscript = ((SanscriptPackage as unknown as { default?: Transliterate }).default ?? SanscriptPackage) as unknown as Transliterate;

export const toIast = (devanagari: string) => Sanscript.t(devanagari, 'devanagari', 'iast');

// The meters by their patterns. A pāda is named by the standard
// definitions; what fits none is irregular, with the syllables that break
// the nearest pattern. The last syllable of a pāda is free (anceps): it is
// never compared.
//
// Anuṣṭubh (śloka), pādas of eight: syllables 2 and 3 are never both light;
// the even pāda (b, d) ends ⏑ – ⏑ x (5-7 light, heavy, light) and its 2-4
// are never – ⏑ –; the odd pāda (a, c) is named by its 5-7: ⏑ – – the
// pathyā, and the vipulās ⏑ ⏑ ⏑ (na), – ⏑ ⏑ (bha), – – – (ma), – ⏑ – (ra),
// each with its 4th syllable heavy. A pāda of nine is the epic's license.
//
// The triṣṭubh family, pādas of eleven: indravajrā and upendravajrā (and a
// verse that mixes them, upajāti), and the two other pādas the epic mixes
// in, śālinī and vātormī; a pāda of twelve in a triṣṭubh is the epic's
// license, named vaṃśastha or indravaṃśā when it is one.
import type { AnushtubhForm, JagatiPadaName, MeterName, PadaForm, PadaSize, TrishtubhForm, TrishtubhPadaName } from './shapes.ts';

export type { AnushtubhForm, MeterName, PadaForm, TrishtubhForm };

export const ANUSHTUBH_FORMS = { 'LGG': 'pathyā', 'LLL': 'na-vipulā', 'GLL': 'bha-vipulā', 'GGG': 'ma-vipulā', 'GLG': 'ra-vipulā' } as const satisfies Record<string, AnushtubhForm>;

/** The named pādas of eleven and twelve, their last syllable free. */
export const TRISHTUBH_PADAS = {
  indravajrā: 'GGLGGLLGLGx',
  upendravajrā: 'LGLGGLLGLGx',
  śālinī: 'GGGGGLGGLGx',
  vātormī: 'GGGGLLGGLGx',
} as const satisfies Record<TrishtubhPadaName, string>;
export const JAGATI_PADAS = {
  vaṃśastha: 'LGLGGLLGLGLx',
  indravaṃśā: 'GGLGGLLGLGLx',
} as const satisfies Record<JagatiPadaName, string>;

export interface PadaFit {
  form: PadaForm;
  /** The syllables (1 = the first) that break the nearest pattern; empty for a named form. */
  breaks: number[];
  /** What was measured against what, and any rule a named form keeps loosely, in a line each. */
  notes: string[];
}

/** Positions (1-based) where a pattern differs from a model ("x" is free). */
const differences = (pattern: string, model: string) => [...model].flatMap((m, i) => (m !== 'x' && pattern[i] !== m ? [i + 1] : []));

/** An anuṣṭubh pāda of eight: `even` for b and d. */
export function anushtubhPada(pattern: string, even: boolean): PadaFit {
  if (pattern.length === 9) return { form: 'hypermetric', breaks: [], notes: ['nine syllables: a hypermetric pāda, a license of the epic'] };
  if (pattern.length !== 8) return { form: 'irregular', breaks: [], notes: [`${pattern.length} syllables where an anuṣṭubh pāda has eight`] };
  const breaks: number[] = [];
  const notes: string[] = [];
  if (pattern.slice(1, 3) === 'LL') {
    breaks.push(2, 3);
    notes.push('syllables 2 and 3 are both light');
  }
  if (even) return evenPada(pattern, breaks, notes);
  const cadence = pattern.slice(4, 7) as keyof typeof ANUSHTUBH_FORMS;
  const form = ANUSHTUBH_FORMS[cadence];
  if (!form) {
    // The nearest form by syllables 5-7, the pathyā first on a tie.
    const [nearest, name] = Object.entries(ANUSHTUBH_FORMS).reduce((a, b) => (differences(cadence, b[0]).length < differences(cadence, a[0]).length ? b : a));
    breaks.push(...differences(cadence, nearest).map((i) => i + 4));
    notes.push(`syllables 5-7 ${cadence} fit no form of the odd pāda (nearest: the ${name}, ${nearest})`);
  } else if (form !== 'pathyā' && pattern[3] !== 'G') {
    breaks.push(4);
    notes.push(`a ${form} wants its 4th syllable heavy`);
  }
  if (form === 'bha-vipulā' && !['GLG', 'GGG'].includes(pattern.slice(1, 4))) notes.push(`syllables 2-4 ${pattern.slice(1, 4)}: the classical bha-vipulā has – ⏑ – or – – – before it; the epic is freer`);
  if (form === 'ma-vipulā' && pattern.slice(1, 4) !== 'GLG') notes.push(`syllables 2-4 ${pattern.slice(1, 4)}: the classical ma-vipulā has – ⏑ – before it; the epic is freer`);
  return { form: breaks.length ? 'irregular' : form!, breaks: [...new Set(breaks)].sort((a, b) => a - b), notes };
}

/** The even pāda: 5-7 ⏑ – ⏑, and 2-4 never – ⏑ –. */
function evenPada(pattern: string, breaks: number[], notes: string[]): PadaFit {
  const cadence = differences(pattern, 'xxxxLGLx');
  if (cadence.length) {
    breaks.push(...cadence);
    notes.push(`syllables 5-7 ${pattern.slice(4, 7)} where the even pāda has LGL`);
  }
  if (pattern.slice(1, 4) === 'GLG') {
    breaks.push(2, 3, 4);
    notes.push('syllables 2-4 GLG (– ⏑ –), which the even pāda never has');
  }
  return { form: breaks.length ? 'irregular' : 'pathyā', breaks: [...new Set(breaks)].sort((a, b) => a - b), notes };
}

/** A pāda of the triṣṭubh family (verses of pādas of 11, or 12: jagatī). */
export function trishtubhPada(pattern: string, size: PadaSize): PadaFit {
  const named = pattern.length === 11 ? TRISHTUBH_PADAS : pattern.length === 12 ? JAGATI_PADAS : null;
  if (!named) return { form: 'irregular', breaks: [], notes: [`${pattern.length} syllables where a pāda of this verse has ${size}`] };
  const entries = Object.entries(named) as Array<[TrishtubhForm, string]>;
  const match = entries.find(([, model]) => differences(pattern, model).length === 0);
  if (match) return { form: match[0], breaks: [], notes: pattern.length > size ? [`twelve syllables in a triṣṭubh: a ${match[0]} pāda, a license of the epic`] : [] };
  if (pattern.length > size) return { form: 'hypermetric', breaks: [], notes: ['twelve syllables in a triṣṭubh: a hypermetric pāda, a license of the epic'] };
  // The nearest named pāda, in the table's order on a tie (indravajrā and upendravajrā first).
  const [name, model] = entries.reduce((a, b) => (differences(pattern, b[1]).length < differences(pattern, a[1]).length ? b : a));
  const breaks = differences(pattern, model);
  return { form: 'irregular', breaks, notes: [`fits no named pāda; nearest the ${name} (${model.slice(0, -1)}), broken at syllable${breaks.length > 1 ? 's' : ''} ${breaks.join(', ')}`] };
}

/** The verse's meter from its pādas' forms. */
export function meterName(size: PadaSize, forms: readonly PadaForm[]): MeterName {
  if (size === 8) return 'anuṣṭubh';
  const named = (f: PadaForm): f is TrishtubhForm => f in TRISHTUBH_PADAS || f in JAGATI_PADAS;
  if (named(forms[0]) && forms.every((f) => f === forms[0])) return forms[0];
  // Upajāti: pādas of a pair that differ in their first syllable only, mixed.
  if (forms.every((f) => f === 'indravajrā' || f === 'upendravajrā') || forms.every((f) => f === 'vaṃśastha' || f === 'indravaṃśā')) return 'upajāti';
  return size === 11 ? 'triṣṭubh' : 'jagatī';
}

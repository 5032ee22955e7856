// The meters by name: every name a verse's meter may have (meters.ts,
// meterName), and the same names as people type them without diacritics
// (anustubh, anushtubh, tristubh, upajati) or in the nominative (anuṣṭup).
// Pure, so that the parameters that take a meter can be bundled with it.
import { JAGATI_PADAS, TRISHTUBH_PADAS, type MeterName } from './meters.ts';

/** Every name of a verse's meter: the families, the mixed upajāti, then the named pādas of eleven and twelve. */
export const METER_NAMES = ['anuṣṭubh', 'triṣṭubh', 'jagatī', 'upajāti', ...(Object.keys(TRISHTUBH_PADAS) as Array<keyof typeof TRISHTUBH_PADAS>), ...(Object.keys(JAGATI_PADAS) as Array<keyof typeof JAGATI_PADAS>)] as const satisfies readonly MeterName[];

/** Another name of a meter: the epic's anuṣṭubh is its śloka. */
const ALSO: Readonly<Record<string, MeterName>> = { sloka: 'anuṣṭubh' };

/**
 * A name as typed without diacritics: the marks dropped (ṣ, ś → s; ā → a;
 * ṃ → m), lower case, sh → s, and a final p or b → bh (anuṣṭup, the
 * nominative; anustub).
 */
export const foldMeter = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/sh/g, 's')
    .replace(/[pb]$/, 'bh');

const BY_FOLDED = new Map<string, MeterName>([...METER_NAMES.map((n) => [foldMeter(n), n] as const), ...Object.entries(ALSO)]);

/** The meter a name names (IAST, ASCII, either case), or undefined. */
export const meterNamed = (name: string): MeterName | undefined => BY_FOLDED.get(foldMeter(name.trim()));

// The scansion in dist/, as the meter's two routes build it: each record's
// scan (slok/{ch}/{sl}/meter.json), a colophon's saying it is prose, and
// meters.json (every verse counted once under its meter, the anuṣṭubh's
// halves by form, the hypermetric pādas, the verses that do not scan with
// the syllables that break, the colophons apart as prose), what /meters
// answers. Made from the records as served, by the module the audit scans
// with; the scan is made once per build (the input's meters()).
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';

/** /slok/{ch}/{sl}/meter: each record's scan. */
export const verseMeterFiles = (input: BuildInput): BuiltFile[] =>
  input.meters().verses.map((v) => {
    const [ch, sl] = v.ref.slice(2).split('.');
    return { at: { ch, sl }, json: v };
  });

/** /meters: every verse under its meter, and those that do not scan. */
export const meterSummaryFile = (input: BuildInput): BuiltFile[] => [{ json: input.meters().summary }];

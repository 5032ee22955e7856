// The scansion in dist/: meters.json (every verse counted once under its
// meter, the anuṣṭubh's halves by form, the hypermetric pādas, the verses
// that do not scan with the syllables that break, the colophons apart as
// prose), what /meters answers; and each record's scan
// (slok/C/V/meter.json), a colophon's saying it is prose. Made from the
// records as served, by the module the audit scans with.
import type { MeterReport } from '../content/meter/report.ts';
import { FILES } from '../layout.ts';

const json = (path: string, value: unknown) => ({ path, body: Buffer.from(JSON.stringify(value)) });

export function meterAssets(report: MeterReport): Array<{ path: string; body: Buffer }> {
  return [
    json(FILES.meters, report.summary),
    ...report.verses.map((v) => {
      const [ch, sl] = v.ref.slice(2).split('.');
      return json(FILES.meter(ch, sl), v);
    }),
  ];
}

// The meter as a check of the text, for the import's audit (content/audit.json):
// each verse that does not scan is a finding, with the pāda and the
// syllables that break, what each witness (the DCS, gita/gita, Besant's
// Devanagari) reads there and whether that scans. A finding of its own
// section, never among the audit's fatal findings: a pāda the epic's
// triṣṭubh leaves free is no defect of the text, and the text is never
// changed for the meter alone.
import { meterFindings, meterReport, WITNESS_NAMES, type MeterFinding, type MeterRecord, type MeterWitnesses, type WitnessName, type WitnessReading } from './report.ts';

export interface MeterAuditFinding extends MeterFinding {
  /** One line for people: the pādas that break and what the witnesses read there. */
  summary: string;
}

export interface MeterAudit {
  /** Verses measured (the colophons are not), and how many scan. */
  verses: number;
  regular: number;
  /** The witnesses read beside the text. */
  witnesses: WitnessName[];
  /** Every verse that does not scan, in order. */
  findings: MeterAuditFinding[];
  /** The verses where a witness reads a form that scans, and which. */
  scansElsewhere: Array<{ ref: string; witnesses: WitnessName[] }>;
}

/** Scan the served records and read the witnesses where a verse does not scan. */
export function meterAudit(records: readonly MeterRecord[], versesPerChapter: readonly number[], witnesses: MeterWitnesses): MeterAudit {
  const { verses, summary } = meterReport(records, versesPerChapter);
  const findings = meterFindings(verses, witnesses).map((f) => ({ ...f, summary: findingSummary(f) }));
  const given = (Object.keys(WITNESS_NAMES) as WitnessName[]).filter((w) => findings.some((f) => f.witnesses.some((r) => r.witness === w)));
  return {
    verses: summary.verses,
    regular: summary.verses - summary.irregular.length,
    witnesses: given,
    findings,
    scansElsewhere: findings.flatMap((f) => {
      const scanning = f.witnesses.filter((w) => w.scans && w.differs).map((w) => w.witness);
      return scanning.length ? [{ ref: f.ref, witnesses: scanning }] : [];
    }),
  };
}

/** A witness whose verse counts other syllables than ours (the DCS's words without their sandhi) is not read as recited. */
const counted = (w: WitnessReading) => (w.syllables.witness === w.syllables.ours ? '' : ` (its verse counts ${w.syllables.witness} syllables to our ${w.syllables.ours})`);

function findingSummary(f: MeterFinding): string {
  const padas = f.padas.map((p) => `${p.pada} ${p.text} (${p.pattern})${p.breaks.length ? `, syllable ${p.breaks.map((b) => `${b.at} ${b.text} ${b.weight === 'G' ? 'heavy' : 'light'}`).join(', ')} where the pattern wants ${p.breaks.length > 1 ? 'the other weights' : p.breaks[0].wanted === 'G' ? 'heavy' : 'light'}` : ''}`);
  const readings = f.witnesses.filter((w) => w.differs).map((w) => `${WITNESS_NAMES[w.witness]} reads ${w.padas.map((p) => `${p.text} (${p.form})`).join(', ')}${w.scans ? ', which scans' : ''}${counted(w)}`);
  return `${f.ref}, a ${f.meter} that does not scan at ${padas.join('; ')}${readings.length ? `; ${readings.join('; ')}` : '; every witness reads the same weights there'}. The text is not changed for the meter.`;
}

/** One line for the import's summary. */
export function meterSummary(m: MeterAudit): string {
  const elsewhere = m.scansElsewhere.map((s) => `${s.ref} (${s.witnesses.join(', ')})`).join(', ');
  return `meter: ${m.regular} of ${m.verses} verses scan; ${m.findings.length} do not, each a finding with what ${m.witnesses.join(', ') || 'no witness'} read there${elsewhere ? `; a witness's reading scans at ${elsewhere}` : ''}; the text is not changed for the meter`;
}

// The dhātupāṭha table (../shared/dhatupatha/dhatupatha.tsv, from
// ambuda-org/vidyut, MIT) read line by line into entries: each root's code,
// class, upadeśa, citation form, voice and meaning. A line that is not what
// the table promises is an error naming the file and the line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reduceUpadesha, spellings, type Voice } from './anubandha.ts';
import { slp1ToDevanagari, slp1ToIast } from './slp1.ts';

export type { Voice };

export interface Meaning {
  slp1: string;
  iast: string;
  devanagari: string;
}

export interface DhatupathaEntry {
  /** `GG.NNNN`: the class, then the root's number in it. */
  code: string;
  /** The gaṇa, 1 (bhvādi) to 10 (curādi). */
  class: number;
  /** The root as the dhātupāṭha cites it, markers kept, in IAST (accents dropped, `~` after a nasalised it-vowel): ḍukṛ~ñ is written ḍukṛñ. */
  upadesha: string;
  /** The citation form, IAST: markers removed (anubandha.ts). */
  root: string;
  /** Every IAST spelling the root takes at the head of a lemma (the citation first): dhyai, dhyā. */
  spellings: string[];
  voice: Voice;
  /** The artha, a locative in Sanskrit ("jñāne": in the sense of knowing). */
  meaning: Meaning;
}

export interface Dhatupatha {
  entries: DhatupathaEntry[];
  /** Entries by each of their IAST spellings, in the table's order. */
  bySpelling: Map<string, DhatupathaEntry[]>;
}

const HEADER = 'code\tdhatu\tartha';
const CODE = /^(0[1-9]|10)\.[0-9]{4}$/;
const DHATU = /^[a-zA-Z~\\^']+$/;

/** Parse the table; throws on the first bad line, naming the file and the line. */
export function parseDhatupatha(file: string, text: string): Dhatupatha {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const bad = (n: number, expected: string) => new Error(`${file}: line ${n}: expected ${expected}`);
  if (lines[0]?.replace(/\r$/, '') !== HEADER) throw bad(1, `the header "${HEADER.replace(/\t/g, '\\t')}"`);
  const entries: DhatupathaEntry[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    const cols = lines[i].replace(/\r$/, '').split('\t');
    if (cols.length !== 3) throw bad(n, `3 tab-separated columns (code, dhatu, artha), got ${cols.length}`);
    const [code, dhatu, artha] = cols;
    if (!CODE.test(code)) throw bad(n, `a code GG.NNNN with the class 01 to 10, got "${code}"`);
    if (seen.has(code)) throw bad(n, `each code once, got ${code} again`);
    seen.add(code);
    // A "-" keeps the number of a root some of the five merged dhātupāṭhas
    // leave out or count as a gaṇasūtra: a place, not a root.
    if (dhatu === '-' && artha === '') continue;
    if (!DHATU.test(dhatu)) throw bad(n, `the root in SLP1 (letters, ~ \\ ^), got "${dhatu}"`);
    if (!artha) throw bad(n, `a meaning (artha) for ${code}`);
    entries.push(entryOf(code, dhatu, artha));
  }
  return { entries, bySpelling: indexBySpelling(entries) };
}

function entryOf(code: string, dhatu: string, artha: string): DhatupathaEntry {
  const gana = Number(code.slice(0, 2));
  const { root, voice } = reduceUpadesha(dhatu, gana);
  return {
    code,
    class: gana,
    upadesha: slp1ToIast(dhatu),
    root: slp1ToIast(root),
    spellings: spellings(root).map(slp1ToIast),
    voice,
    meaning: { slp1: artha, iast: slp1ToIast(artha), devanagari: slp1ToDevanagari(artha) },
  };
}

function indexBySpelling(entries: DhatupathaEntry[]): Map<string, DhatupathaEntry[]> {
  const by = new Map<string, DhatupathaEntry[]>();
  for (const e of entries) for (const s of e.spellings) by.set(s, [...(by.get(s) ?? []), e]);
  return by;
}

/** Read `dhatupatha.tsv` from its folder (../shared/dhatupatha beside the project). */
export function readDhatupatha(dir: string): Dhatupatha {
  const file = join(dir, 'dhatupatha.tsv');
  return parseDhatupatha(file, readFileSync(file, 'utf8'));
}

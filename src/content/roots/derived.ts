// Secondary verb stems read back to their root: the causative (ṇic, the
// DCS's lemmas in -ay: dhāray, sthāpay), the desiderative (san: jijñās,
// yuyuts), the intensive (yaṅ: lelih) and the denominative (kyac: tapasy).
// The causative is made forward, from every root of the dhātupāṭha, and
// matched; the desiderative and the intensive are read back by undoing their
// reduplication; a denominative's base is a noun, never a root.
import type { Dhatupatha, DhatupathaEntry } from './dhatupatha.ts';

import type { Derived } from './shapes.ts';

export type { Derived };
export type DerivedKind = Derived['kind'];

export interface StemReading {
  /** null: the stem is the root's own (a class-10 root's -ay is its present stem, 3.1.25, not a causative). */
  derived: Derived | null;
  /** The root as the dhātupāṭha spells it ('' for a denominative). */
  root: string;
  entries: DhatupathaEntry[];
  /** The rule that reads the stem so, for the record. */
  rule: string;
}

const SHORT_GUNA: Record<string, string> = { i: 'e', u: 'o', ṛ: 'ar', ḷ: 'al' };
const FINAL_VRDDHI: Record<string, string> = { i: 'āy', ī: 'āy', u: 'āv', ū: 'āv', ṛ: 'ār', ṝ: 'ār' };

/** Causatives that the general rules do not make, each with its rule. */
const SPECIAL_NIC: Record<string, string[]> = {
  han: ['ghāt'], // 7.3.32 hanas to 'ciṇṇaloḥ, 7.3.54 ho hanter ñṇinneṣu
  ṛ: ['arp'], // 7.3.36 arti-hrī-vlī-rī-knūyī-kṣmāyy-ātāṃ puk ṇau
  hrī: ['hrep'],
  ruh: ['rop', 'roh'], // 7.3.43 ruhaḥ po 'nyatarasyām
  ji: ['jāp'], // 6.1.48 krīṅjīnāṃ ṇau, then 7.3.36
  kṣi: ['kṣap'], // kṣapayati: the vārttika on 6.1.48 (kṣi is counted with ji)
  kṝt: ['kīrt'], // 7.1.100 ṝta id dhātoḥ, 8.2.77 hali ca
};
const YUK = new Set(['śā', 'chā', 'sā', 'hvā', 'vyā', 'vā', 'pā']); // 7.3.37 śāchāsāhvāvyāvepāṃ yuk (-āy, not -āp)

/**
 * The stems a root makes before -aya with ṇic (3.1.21-26): 7.3.36 a root in ā
 * (or in e, ai, o, au, used with ā by 6.1.45) takes p; 7.2.115 aco ñṇiti
 * vṛddhi of a final vowel; 7.2.116 ata upadhāyāḥ a penultimate a long (kept
 * short in the mit roots by 6.4.92 mitāṃ hrasvaḥ: gam, jan, dam; the table
 * does not mark mit roots, so both lengths are made); 7.3.86 pugantalaghūpadhasya
 * ca guṇa of a short penultimate vowel. An adanta class-10 root (kath) takes
 * -aya on itself.
 */
export function nicStems(entry: DhatupathaEntry): string[] {
  if (entry.class === 10 && /a$/.test(entry.upadesha) && !entry.upadesha.endsWith('~')) return [entry.root];
  const out = new Set<string>(SPECIAL_NIC[entry.root] ?? []);
  if (out.size) return [...out];
  for (const r of entry.spellings) {
    if (r.endsWith('ā')) out.add(YUK.has(r) ? r + 'y' : r + 'p');
    else if (FINAL_VRDDHI[r.at(-1)!]) out.add(r.slice(0, -1) + FINAL_VRDDHI[r.at(-1)!]);
    else for (const stem of consonantFinalStems(r)) out.add(stem);
  }
  return [...out].filter(Boolean);
}

function consonantFinalStems(r: string): string[] {
  const m = /^(.*?)([aāiīuūṛṝḷeo]|ai|au)([^aāiīuūṛṝḷeo]+)$/.exec(r);
  if (!m) return [r];
  const [, head, vowel, tail] = m;
  const single = [...tail].length === 1 || tail === 'kh' || tail === 'gh' || tail === 'ch' || tail === 'jh' || tail === 'th' || tail === 'dh' || tail === 'ph' || tail === 'bh' || tail === 'ṭh' || tail === 'ḍh';
  if (!single) return [r];
  if (vowel === 'a') return [head + 'ā' + tail, r];
  if (SHORT_GUNA[vowel]) return [head + SHORT_GUNA[vowel] + tail];
  return [r];
}

const indexCache = new WeakMap<Dhatupatha, Map<string, DhatupathaEntry[]>>();

/** Every root's ṇic stems, made once per table. */
function nicIndex(table: Dhatupatha): Map<string, DhatupathaEntry[]> {
  let index = indexCache.get(table);
  if (!index) {
    index = new Map();
    for (const e of table.entries) for (const s of nicStems(e)) index.set(s, [...(index.get(s) ?? []), e]);
    indexCache.set(table, index);
  }
  return index;
}

/** A stem in -ay: the roots whose ṇic stem it is; a class-10 root's own, the others' causative. */
function readNic(stem: string, table: Dhatupatha): StemReading[] {
  if (!stem.endsWith('ay') || stem.length < 4) return [];
  const entries = nicIndex(table).get(stem.slice(0, -2)) ?? [];
  const own = entries.filter((e) => e.class === 10);
  const causing = entries.filter((e) => e.class !== 10);
  const out: StemReading[] = [];
  for (const root of new Set(own.map((e) => e.root))) out.push({ derived: null, root, entries: own.filter((e) => e.root === root), rule: '3.1.25 satyāpapāśarūpavīṇātūlaślokasenālomatvacavarmavarṇacūrṇacurādibhyo ṇic: a class-10 root\'s present stem' });
  for (const root of new Set(causing.map((e) => e.root))) out.push({ derived: { kind: 'causative', stem }, root, entries: causing.filter((e) => e.root === root), rule: '3.1.26 hetumati ca: the causative' });
  return out;
}

const CONSONANT = '(?:kh|gh|ch|jh|ṭh|ḍh|th|dh|ph|bh|[kgṅcjñṭḍṇtdnpbmyrlvśṣsh])';
const UNASPIRATED: Record<string, string> = { kh: 'k', gh: 'g', ch: 'c', jh: 'j', ṭh: 'ṭ', ḍh: 'ḍ', th: 't', dh: 'd', ph: 'p', bh: 'b' };
const PALATAL: Record<string, string> = { k: 'c', kh: 'c', g: 'j', gh: 'j', h: 'j' };

/** The reduplicant's consonant for a root's first consonant: 7.4.62 kuhoś cuḥ, 8.4.54 abhyāse carca (no aspirate). */
function reduplicantConsonant(first: string): string {
  return PALATAL[first] ?? UNASPIRATED[first] ?? first;
}

/** The first consonant of a syllable: a stop, not the sibilant before it (7.4.61 śarpūrvāḥ khayaḥ: tiṣṭhā from sthā). */
const firstConsonant = (s: string) => new RegExp(`^${CONSONANT}`).exec(s)?.[0] ?? '';

/** A final consonant as it stands before the s of san (8.2.30 coḥ kuḥ, 8.2.39-41: bhuj → bhuk-ṣ, yudh → yut-s), back to what the root may have. */
const BEFORE_S: Record<string, string[]> = { k: ['k', 'c', 'j', 'ś', 'h'], t: ['t', 'd', 'dh', 'th'], p: ['p', 'b', 'bh'], ṭ: ['ṣ', 'ṭ', 'ḍ'] };

/** The roots a san stem's base may be (jñā from jñās, bhuj from bhuk-ṣ, kṛ from kīr-ṣ, ji from gī-ṣ, jīv from jīv-iṣ). */
function desiderativeBases(rest: string): string[] {
  const out: string[] = [];
  if (/iṣ$/.test(rest)) out.push(rest.slice(0, -2)); // with iṭ (7.2.35)
  const bare = rest.replace(/[sṣ]$/, '');
  if (bare === rest) return out;
  const last = bare.at(-1)!;
  for (const c of BEFORE_S[last] ?? [last]) out.push(bare.slice(0, -1) + c);
  // 6.4.16 ajjhanagamāṃ sani: a final vowel lengthened; 7.1.100-102: ṛ as īr/ūr; 7.3.57 sanliṭor jeḥ: ji as gi.
  for (const b of [...out]) {
    out.push(b.replace(/ī$/, 'i').replace(/ū$/, 'u'));
    if (/[īū]r$/.test(b)) out.push(b.slice(0, -2) + 'ṛ', b.slice(0, -2) + 'ṝ');
  }
  for (const b of [...out]) if (/^g[iī]$/.test(b)) out.push('ji');
  return [...new Set(out)];
}

/** A san stem (3.1.5-7): a reduplicant of the root's first consonant and i or u (7.4.79 sany ataḥ), the root, s or iṣ. */
function readDesiderative(stem: string, table: Dhatupatha): StemReading[] {
  const m = new RegExp(`^(${CONSONANT})([iu])(.+)$`).exec(stem);
  if (!m || !/[sṣ]$/.test(stem)) return [];
  const [, consonant, , rest] = m;
  const out: StemReading[] = [];
  for (const base of desiderativeBases(rest)) {
    const first = base === 'ji' ? 'j' : firstConsonant(base);
    if (reduplicantConsonant(first) !== consonant) continue;
    const entries = table.bySpelling.get(base) ?? [];
    if (entries.length) out.push({ derived: { kind: 'desiderative', stem }, root: base, entries, rule: '3.1.7 dhātoḥ karmaṇaḥ samānakartṛkād icchāyāṃ vā: the desiderative (san)' });
  }
  return out;
}

/** A yaṅ or yaṅluk stem (3.1.22): the reduplicant with guṇa or ā (7.4.82 guṇo yaṅlukoḥ, 7.4.83 dīrgho 'kitaḥ) or a plus nasal (7.4.85 nug ataḥ), then the root, y or none. */
function readIntensive(stem: string, table: Dhatupatha): StemReading[] {
  const m = new RegExp(`^(${CONSONANT})(e|o|ā|a[ṃṅñṇnm])(.+?)(y?)$`).exec(stem);
  if (!m) return [];
  const [, consonant, , root] = m;
  if (reduplicantConsonant(firstConsonant(root)) !== consonant) return [];
  const entries = table.bySpelling.get(root) ?? [];
  return entries.length ? [{ derived: { kind: 'intensive', stem }, root, entries, rule: '3.1.22 dhātor ekāco halādeḥ kriyāsamabhihāre yaṅ: the intensive' }] : [];
}

/** A kyac stem on a noun in -as, -is, -us (3.1.8 supa ātmanaḥ kyac; 3.1.19 namovarivaścitraṅaḥ kyac: namasy) or a stem of the kaṇḍvādi list (3.1.27, asūy). */
function readDenominative(stem: string): StemReading[] {
  if (/[aiu]sy$/.test(stem)) return [{ derived: { kind: 'denominative', stem: stem.slice(0, -1) }, root: '', entries: [], rule: '3.1.8 supa ātmanaḥ kyac: a denominative of a noun' }];
  if (/ūy$/.test(stem)) return [{ derived: { kind: 'denominative', stem }, root: '', entries: [], rule: '3.1.27 kaṇḍvādibhyo yak: a stem of the kaṇḍvādi list' }];
  return [];
}

/**
 * The DCS writes a root in ṝ with ṛ (tṛ for taranti, pṛ for pūrṇa, gṛ for
 * gṛṇanti; but atitṝ): a final ṛ is looked up as ṝ too.
 */
export const dcsSpellings = (stem: string) => (stem.endsWith('ṛ') ? [stem, stem.slice(0, -1) + 'ṝ'] : [stem]);

/** Entries grouped by their citation form (dhyā finds dhyai: one reading per root). */
function byRoot(entries: DhatupathaEntry[]): Map<string, DhatupathaEntry[]> {
  const by = new Map<string, DhatupathaEntry[]>();
  for (const e of entries) by.set(e.root, [...(by.get(e.root) ?? []), e]);
  return by;
}

/**
 * Every reading of a stem (a lemma without its preverbs). A root of the
 * dhātupāṭha is read as that root and nothing else (jāgṛ is a root, not an
 * intensive of gṛ); otherwise as a ṇic, san or yaṅ stem of a root, or, when
 * none fits, as a denominative. [] when nothing reads it.
 */
export function readStem(stem: string, table: Dhatupatha): StemReading[] {
  const direct: StemReading[] = [];
  for (const spelling of dcsSpellings(stem)) {
    for (const [root, entries] of byRoot(table.bySpelling.get(spelling) ?? [])) direct.push({ derived: null, root, entries, rule: 'a root of the dhātupāṭha' });
  }
  if (direct.length) return direct;
  const derived = [...readNic(stem, table), ...readDesiderative(stem, table), ...readIntensive(stem, table)];
  return derived.length ? derived : readDenominative(stem);
}

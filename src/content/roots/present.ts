// Which present class (gaṇa) a finite present form or present participle
// shows: the class is the way the present stem is made (3.1.68-81), so
// vetti is class 2 (vid, jñāne), vindati class 6 (vid, lābhe), vidyate class
// 4 (or a passive: the caller leaves out what the DCS marks Voice=Pass).
// Each class is recognised by its stem's letters inside the form; the
// preverbs in front of it do not matter (praṇaśyati shows naśya-).
import type { DhatupathaEntry } from './dhatupatha.ts';

const GUNA: Record<string, string> = { i: 'e', ī: 'e', u: 'o', ū: 'o', ṛ: 'ar', ṝ: 'ar' };
const BEFORE_VOWEL: Record<string, string> = { e: 'ay', o: 'av', ai: 'āy', au: 'āv', ar: 'ar' };
const VOWEL = /[aāiīuūṛṝeo]/;

/** 7.3.84 sārvadhātukārdhadhātukayoḥ / 7.3.86: guṇa of a final vowel or a short penultimate one (vid → ved, bhū → bho, tṝ → tar). */
function gunated(root: string): string {
  const last = root.at(-1)!;
  if (GUNA[last]) return root.slice(0, -1) + GUNA[last];
  const m = /^(.*)([iuṛ])([^aāiīuūṛṝeo])$/.exec(root);
  return m ? m[1] + GUNA[m[2]] + m[3] : root;
}

/** A stem before a thematic ending: a final vowel as its semivowel (6.1.78 eco 'yavāyāvaḥ: bho-a → bhava). */
function beforeThematic(stem: string): string {
  for (const [v, sv] of Object.entries(BEFORE_VOWEL)) if (stem.endsWith(v)) return stem.slice(0, -v.length) + sv;
  return stem;
}

/** The root with a nasal before its final consonant (7.1.59 śe mucādīnām: vid → vind, muc → muñc, lip → limp). */
function nasalised(root: string): string {
  const m = /^(.*[aiuṛ])([kgcjtdpbśṣsh])$/.exec(root);
  if (!m) return root;
  const nasal = /[kg]/.test(m[2]) ? 'ṅ' : /[cjś]/.test(m[2]) ? 'ñ' : /[pb]/.test(m[2]) ? 'm' : 'n';
  return m[1] + nasal + m[2];
}

/** Present stems a rule gives instead: 7.3.77 iṣugamiyamāṃ chaḥ (icchati, gacchati, yacchati), 7.3.79 jñājanor jā (jānāti, jāyate). */
const SPECIAL_PRESENT: Record<string, Partial<Record<number, string>>> = {
  iṣ: { 6: 'icch' }, gam: { 1: 'gacch' }, yam: { 1: 'yacch' }, jñā: { 9: 'jān[āī]' }, jan: { 4: 'jāy' },
};

/** The letters of each class's present stem, as a pattern to find in a form. */
function classPattern(root: string, gana: number): RegExp | null {
  const thematic = '(?:a|e|ām[ia]|āv)'; // vidyate, vidyāmi; not the optative vidyām
  const r = root;
  const special = SPECIAL_PRESENT[r]?.[gana];
  if (special) return new RegExp(special);
  switch (gana) {
    case 1: return new RegExp(beforeThematic(gunated(r)) + thematic);
    case 4: return new RegExp(r + 'y' + thematic);
    case 6: return new RegExp(`(?:${beforeThematic(r).replace(/ṛ$/, 'r')}|${nasalised(r)})${thematic}`);
    case 10: return new RegExp(`${r}aya|${gunated(r)}aya`);
    case 2: return r === 'as' ? /as[mt]|asi|s(?:yā|t|a[nt]|m)|āsa/ : athematic(r);
    case 5: return new RegExp(`${r}n[ouv]`);
    case 8: return new RegExp(`${r === 'kṛ' ? 'k[au]r' : r}[ouv]`);
    case 9: return new RegExp(`${r.replace(/ṝ$/, 'ṛ')}(?:n|ṇ)[āīa]`);
    default: return null; // classes 3 and 7 (reduplication, the nasal infix) are not read here
  }
}

/**
 * Class 2: the root, guṇated or not, its final consonant as any (vid-ti →
 * vetti, 8.4.55), then an ending that starts with a consonant, or the yā of
 * the optative (vidyāt; not vidyāmi, class 4).
 */
function athematic(r: string): RegExp {
  const heads = [...new Set([gunated(r), r])].map((h) => (VOWEL.test(h.at(-1)!) ? h : h.slice(0, -1) + '[^aāiīuūṛṝeoṅñṇnm]'));
  return new RegExp(`(?:${heads.join('|')})(?:[tdsmhdḥ]|dh|th|yā(?!m[ia]|v)|$)`);
}

/** The classes among the entries' that a present form shows; [] when it shows none of them. */
export function classesShown(form: string, entries: DhatupathaEntry[]): number[] {
  const shown = new Set<number>();
  for (const e of entries) {
    for (const spelling of e.spellings) {
      const pattern = classPattern(spelling, e.class);
      // After a preverb with r the root's n is written ṇ (8.4.14: praṇaśyati).
      if (pattern && (pattern.test(form) || pattern.test(form.replace(/ṇ/g, 'n')))) shown.add(e.class);
    }
  }
  return [...shown];
}

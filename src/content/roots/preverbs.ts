// A DCS verb lemma split into its preverbs and what is left (a root or a
// secondary stem), with the sandhi that joined them undone. The lemma keeps
// its preverbs as the text joins them (samupasthā, prāp, upe, udāhṛ): each
// preverb is tried in every shape sandhi gives it before the next sound, and
// a split is kept only if what is left is known (`isKnown`, the dhātupāṭha's
// judgement, passed in). Of the splits kept, those with the fewest preverbs
// win: a lemma that is itself a root (pat, vid, ās, nī, sṛj) is never split.

/** The upasargas (1.4.58 prādayaḥ, 1.4.59 upasargāḥ kriyāyoge), nis/nir and dus/dur as the two shapes of each; ā is āṅ. */
export const UPASARGAS = ['pra', 'parā', 'apa', 'sam', 'anu', 'ava', 'nis', 'nir', 'dus', 'dur', 'vi', 'ā', 'ni', 'adhi', 'api', 'ati', 'su', 'ud', 'abhi', 'prati', 'pari', 'upa'] as const;

/**
 * First members that are not upasargas but are joined to a verb as one
 * (gati, 1.4.60): sat and asat with kṛ (1.4.63 ādarānādarayoḥ sadasatī),
 * namas (a gati by 8.3.40 namaspurasor gatyoḥ, which keeps its s before kṛ),
 * śrat (treated as an upasarga by the vārttika śradantaror upasargavad vṛttiḥ).
 */
export const GATIS: Record<string, string[]> = { sat: ['sat'], asat: ['asat'], namas: ['namas', 'namaḥ'], śrat: ['śrad', 'śrat'] };

export interface Split {
  prefixes: string[];
  /** What is left once the preverbs are off: a root or a secondary stem, as it would stand alone. */
  rest: string;
}

/** One way a preverb stands at the start of a lemma: the letters it takes there, and what the rest then starts with instead. */
interface Shape {
  written: string;
  /** The start of the rest as it stands alone ('' when the lemma's next letters are the rest's own). */
  restores: string[];
}

const VOWELS = ['a', 'ā', 'i', 'ī', 'u', 'ū', 'ṛ', 'ṝ', 'ḷ', 'e', 'ai', 'o', 'au'];

/** The shapes of a preverb ending in a vowel: before a consonant as it is; before a vowel by 6.1.77, 6.1.87, 6.1.88-89, 6.1.91, 6.1.94, 6.1.101. */
function vowelFinalShapes(p: string): Shape[] {
  const stem = p.slice(0, -1);
  const last = p.at(-1)!;
  const shapes: Shape[] = [{ written: p, restores: [''] }];
  if (last === 'a' || last === 'ā') {
    shapes.push({ written: stem + 'ā', restores: ['a', 'ā'] }); // 6.1.101 akaḥ savarṇe dīrghaḥ: pra + āp = prāp
    shapes.push({ written: stem + 'e', restores: ['i', 'ī', 'e'] }); // 6.1.87 ād guṇaḥ: upa + i = upe; 6.1.94 eṅi pararūpam: pra + ve = prave
    shapes.push({ written: stem + 'o', restores: ['u', 'ū', 'o'] });
    shapes.push({ written: stem + 'ai', restores: ['e', 'ai'] }); // 6.1.88-89 vṛddhi (upa + eti = upaiti)
    shapes.push({ written: stem + 'au', restores: ['o', 'au'] });
    shapes.push({ written: stem + 'ār', restores: ['ṛ'] }); // 6.1.91 upasargād ṛti dhātau
  } else if (last === 'i') {
    shapes.push({ written: stem + 'ī', restores: ['i', 'ī'] }); // 6.1.101: ati + i = atī
    for (const v of VOWELS.filter((v) => v !== 'i' && v !== 'ī')) shapes.push({ written: stem + 'y' + v, restores: [v] }); // 6.1.77 iko yaṇ aci: vi + ā = vyā
  } else if (last === 'u') {
    shapes.push({ written: stem + 'ū', restores: ['u', 'ū'] });
    for (const v of VOWELS.filter((v) => v !== 'u' && v !== 'ū')) shapes.push({ written: stem + 'v' + v, restores: [v] }); // anu + iṣ = anviṣ
  }
  return shapes;
}

/** sam: m before a vowel or a labial, else anusvāra or the nasal of the next consonant's class (8.3.23, 8.4.58). */
const SAM: Shape[] = ['sam', 'saṃ', 'saṅ', 'sañ', 'saṇ', 'san'].map((written) => ({ written, restores: [''] }));

/** ud: d before a vowel or a voiced sound; t before a voiceless one (8.4.55); ud + sth = utth (8.4.61 udaḥ sthāstambhoḥ pūrvasya); ud + ś = ucch (8.4.40, 8.4.63); ud + h = uddh (8.4.62); assimilated before c, j, l, a nasal (8.4.40, 8.4.45, 8.4.60). */
const UD: Shape[] = [
  { written: 'ud', restores: [''] }, { written: 'ut', restores: [''] }, { written: 'utth', restores: ['sth'] }, { written: 'utt', restores: ['st'] },
  { written: 'ucch', restores: ['ś', 'ch'] }, { written: 'uc', restores: [''] }, { written: 'uj', restores: [''] }, { written: 'uddh', restores: ['h'] },
  { written: 'ul', restores: [''] }, { written: 'un', restores: [''] },
];

/** nis/nir, dus/dur: r before a vowel or a voiced sound; ś, ṣ, s before c/ch, k/p, t (8.3.34-36, 8.3.41 idudupadhasya cāpratyayasya); the vowel long before r, the r dropped (8.3.14 ro ri, 6.3.111). */
function sibilantFinalShapes(p: string): Shape[] {
  const d = p.slice(0, -1);
  return [
    { written: d + 'r', restores: [''] }, { written: d + 'ś', restores: [''] }, { written: d + 'ṣ', restores: [''] },
    { written: d + 's', restores: [''] }, { written: d + 'ḥ', restores: [''] }, { written: d.slice(0, -1) + (d.endsWith('i') ? 'ī' : 'ū'), restores: ['r'] },
  ];
}

/** Every shape of one first member. */
function shapesOf(p: string): Shape[] {
  if (p === 'sam') return SAM;
  if (p === 'ud') return UD;
  if (p === 'nis' || p === 'dus') return sibilantFinalShapes(p);
  if (p === 'nir' || p === 'dur') return []; // the same words as nis and dus: each split is found once, named by nis/dus below
  if (GATIS[p]) return GATIS[p].map((written) => ({ written, restores: [''] }));
  return vowelFinalShapes(p);
}

/** nis and dus are named by the shape the lemma shows: nir/dur before a voiced sound (their usual citation), nis/dus before a voiceless one. */
function nameOf(p: string, written: string): string {
  if (p !== 'nis' && p !== 'dus') return p;
  return /[rḥ]$|[īū]$/.test(written) ? p.slice(0, -1) + 'r' : p;
}

/**
 * The rest's first letters as they stand alone, undoing two changes a
 * preverb makes to them: ṣ after i or u (8.3.65 upasargāt sunoti...sthā...,
 * 8.3.66-68: niṣad, adhiṣṭhā, viṣṭambh, avaṣṭambh), with ṭ ṭh after it back
 * to t th (8.4.41 ṣṭunā ṣṭuḥ undone); ṇ after a preverb with r (8.4.14
 * upasargād asamāse 'pi ṇopadeśasya: praṇam, praṇidhā).
 */
function restored(rest: string, preverb: string): string[] {
  const out = [rest];
  if (/[iu]$|^ava$/.test(preverb) && rest.startsWith('ṣ')) {
    out.push('s' + rest.slice(1).replace(/^ṭh/, 'th').replace(/^ṭ/, 't').replace(/^ṇ/, 'n'));
  }
  if (/r/.test(preverb) && rest.startsWith('ṇ')) out.push('n' + rest.slice(1));
  return out;
}

const MAX_PREVERBS = 4;

/** Every split of the lemma whose rest `isKnown` accepts, the unsplit lemma included when known. */
export function allSplits(lemma: string, isKnown: (rest: string) => boolean): Split[] {
  const out: Split[] = [];
  const seen = new Set<string>();
  const walk = (word: string, prefixes: string[]) => {
    const key = `${prefixes.join('+')}|${word}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (word && isKnown(word)) out.push({ prefixes, rest: word });
    if (prefixes.length >= MAX_PREVERBS) return;
    for (const p of [...UPASARGAS, ...Object.keys(GATIS)]) {
      // A gati stands first, before any upasarga (namaskṛ, not pra-namaskṛ).
      if (GATIS[p] && prefixes.length) continue;
      for (const { written, restores } of shapesOf(p)) {
        if (!word.startsWith(written)) continue;
        for (const start of restores) {
          if (!start && word.length === written.length) continue;
          for (const rest of restored(start + word.slice(written.length), p)) walk(rest, [...prefixes, nameOf(p, written)]);
        }
      }
    }
  };
  walk(lemma, []);
  return out;
}

/** The splits with the fewest preverbs (several when the lemma reads two ways with as many preverbs); [] when none is known. */
export function splitPreverbs(lemma: string, isKnown: (rest: string) => boolean): Split[] {
  const all = allSplits(lemma, isKnown);
  if (!all.length) return [];
  const fewest = Math.min(...all.map((s) => s.prefixes.length));
  return all.filter((s) => s.prefixes.length === fewest);
}

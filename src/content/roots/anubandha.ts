// A dhātupāṭha root as Pāṇini teaches it (the upadeśa, with its it-markers,
// the anubandhas) reduced to the form it is cited and used in, and the voice
// its markers give. Everything here works on SLP1 with the table's accent
// marks (`\` anudātta, `^` svarita, written after the vowel they mark; `~`
// after a vowel nasalises it). The sūtra behind each step is named.

export type Voice = 'parasmaipada' | 'ātmanepada' | 'ubhayapada';

export interface Reduced {
  /** The root without its markers, SLP1 (zWA\ → sTA, vadi~\ → vand, qukf\Y → kf). */
  root: string;
  /** The markers removed, as written in the upadeśa (accents dropped): ['qu', 'Y'], ['i~']. */
  its: string[];
  voice: Voice;
}

const VOWEL = 'aAiIuUfFxXeEoO';
const isVowel = (c: string | undefined) => c !== undefined && VOWEL.includes(c);

/**
 * The one upadeśa of the table that is not written as the rest are: `CadiH`
 * (01.0925, "chadi ūrjane" in the Siddhāntakaumudī), whose idit marker is
 * written with a visarga instead of `~`. Read as the tradition cites it.
 */
const REPAIRED: Record<string, string> = { CadiH: 'Cadi~' };

/** The nasal homorganic with a consonant (num, 7.1.58, becomes anusvāra before a sibilant or h, 8.3.24, else the class nasal, 8.4.58). */
function nasalBefore(c: string): string {
  if ('kKgG'.includes(c)) return 'N';
  if ('cCjJ'.includes(c)) return 'Y';
  if ('wWqQ'.includes(c)) return 'R';
  if ('tTdD'.includes(c)) return 'n';
  if ('pPbB'.includes(c)) return 'm';
  return 'M';
}

/** 1.3.12 anudāttaṅita ātmanepadam, 1.3.72 svaritañitaḥ kartrabhiprāye kriyāphale, 1.3.78 śeṣāt kartari parasmaipadam; 1.3.74 ṇicaś ca for class 10. */
function voiceOf(itAccents: string[], finalIt: string | null, gana: number): Voice {
  if (finalIt === 'N' || itAccents.includes('\\')) return 'ātmanepada';
  if (finalIt === 'Y' || itAccents.includes('^')) return 'ubhayapada';
  // A class-10 root takes ṇic (3.1.25) and so both voices (1.3.74), unless its markers make it ātmanepadī.
  return gana === 10 ? 'ubhayapada' : 'parasmaipada';
}

/**
 * Remove the markers of one upadeśa, in Pāṇini's order: 1.3.5 ādir ñiṭuḍavaḥ
 * (initial ñi, ṭu, ḍu), 1.3.3 halantyam (the final consonant; with 1.3.2's
 * i~ before it, the "ir" of the vārttika iro itsaṃjñā), 1.3.2 upadeśe
 * 'janunāsika it (every nasalised vowel), then the operations that make the
 * cited form: 7.1.58 idito num dhātoḥ (an i~ root takes a nasal after its
 * last vowel: vadi~ → vand), 6.1.64 dhātvādeḥ ṣaḥ saḥ with the ṭ/ṭh/ṇ after
 * it restored (zWA → sthā; not ṣṭhiv, ṣvaṣk, by the vārttika), 6.1.65 ṇo naḥ
 * (RI → nī). A class-10 root ending in a plain a (kaTa, the "adanta" roots of
 * kathādi) is cited without it: the a is the stem's, dropped before ṇic by
 * 6.4.48 ato lopaḥ (kaTa → kath).
 */
export function reduceUpadesha(upadesha: string, gana: number): Reduced {
  let s = REPAIRED[upadesha] ?? upadesha;
  const its: string[] = [];
  const itAccents: string[] = [];
  const initial = /^(Yi|wu|qu)/.exec(s);
  if (initial) {
    its.push(initial[1]);
    s = s.slice(2);
  }
  let finalIt: string | null = null;
  const last = s.replace(/[\\^]/g, '').at(-1);
  if (last !== undefined && !isVowel(last) && last !== '~') {
    finalIt = last;
    s = s.slice(0, s.lastIndexOf(last));
  }
  let idit = false;
  s = s.replace(/([aAiIuUfFxXeEoO])~([\\^]?)/g, (_, v: string, accent: string) => {
    its.push(`${v}~`);
    if (accent) itAccents.push(accent);
    if (v === 'i' && finalIt !== 'r') idit = true; // i~ before a final r is the marker ir, not idit
    return '';
  });
  if (finalIt === 'r' && its.includes('i~')) its[its.indexOf('i~')] = 'i~r';
  else if (finalIt) its.push(finalIt);
  let root = s.replace(/[\\^]/g, '');
  if (idit) root = withNum(root);
  root = assimilatedNasals(initialSounds(root));
  if (gana === 10 && !its.some((m) => m.endsWith('~')) && root.length > 2 && root.endsWith('a') && !isVowel(root.at(-2))) root = root.slice(0, -1);
  return { root, its, voice: voiceOf(itAccents, finalIt, gana) };
}

/** 7.1.58: the nasal after the root's last vowel, of the class of the consonant after it. */
function withNum(root: string): string {
  for (let i = root.length - 1; i >= 0; i--) {
    if (isVowel(root[i]) && i + 1 < root.length) return root.slice(0, i + 1) + nasalBefore(root[i + 1]) + root.slice(i + 1);
  }
  return root;
}

/** An n written before another class's consonant takes its place (za\\nja~ → sañj, Bransu~ → bhraṃś): 8.3.24 naś cāpadāntasya jhali (anusvāra before a sibilant or h), 8.4.40 stoḥ ścunā ścuḥ, 8.4.41 ṣṭunā ṣṭuḥ, 8.4.58 anusvārasya yayi parasavarṇaḥ. */
function assimilatedNasals(root: string): string {
  return root.replace(/n(?=[kKgGcCjJwWqQSzsh])/g, (_, i: number) => nasalBefore(root[i + 1]));
}

/** 6.1.64 (ṣ → s at the start, its ṭ ṭh ṇ back to t th n; not ṣṭhiv, ṣvaṣk) and 6.1.65 (ṇ → n at the start). */
function initialSounds(root: string): string {
  if (root.startsWith('R')) return 'n' + root.slice(1);
  if (!root.startsWith('z') || root.startsWith('zWiv') || root.startsWith('zvazk')) return root;
  const back: Record<string, string> = { w: 't', W: 'T', R: 'n' };
  return 's' + (back[root[1]] ?? root[1] ?? '') + root.slice(2);
}

/**
 * The spellings the root takes in use, besides its citation (SLP1), for
 * matching a lemma: 6.1.45 ād eca upadeśe 'śiti (a root ending in e, ai, o,
 * au is used with ā: DyE → DyA, gE → gA), 8.2.18 kṛpo ro laḥ (kfp → kxp),
 * 6.1.73 che ca (ch after a short vowel is written cch: praC → pracC),.
 */
export function spellings(root: string): string[] {
  const out = new Set([root]);
  if (/[eEoO]$/.test(root)) out.add(root.slice(0, -1) + 'A');
  if (root.startsWith('kfp')) out.add('kxp' + root.slice(3));
  const cch = root.replace(/([aiufx])C/g, '$1cC');
  out.add(cch);
  return [...out];
}

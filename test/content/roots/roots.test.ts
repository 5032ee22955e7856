// The join of the DCS's verb lemmas with the dhātupāṭha (src/content/roots/):
// preverbs split off, secondary stems read back, the present class of a
// form, the figures on the real files, and the agreement with the random
// sample labelled by hand (sample.json, its seed and how it was drawn there).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROJECT_ROOT } from '../../../src/paths.ts';
import { parseConllu, type DcsSentence } from '../../../src/content/dcs/conllu.ts';
import { lemmaName } from '../../../src/content/dcs/lemma-name.ts';
import type { ContentProblem } from '../../../src/content/validate.ts';
import { readDhatupatha, rootsOf, lemmaKey, type Roots } from '../../../src/content/roots/roots.ts';
import type { Dhatupatha } from '../../../src/content/roots/dhatupatha.ts';
import { readStem } from '../../../src/content/roots/derived.ts';
import { splitPreverbs } from '../../../src/content/roots/preverbs.ts';
import { classesShown } from '../../../src/content/roots/present.ts';

const SHARED = resolve(PROJECT_ROOT, '../shared');
let table: Dhatupatha;
let sentences: DcsSentence[][];
let roots: Roots;

test.before(() => {
  table = readDhatupatha(join(SHARED, 'dhatupatha'));
  const problems: ContentProblem[] = [];
  sentences = Array.from({ length: 18 }, (_, i) => parseConllu(`bhagavadgita_chapter_${i + 1}.conllu`, readFileSync(join(SHARED, 'dcs-gita', `bhagavadgita_chapter_${i + 1}.conllu`), 'utf8'), problems));
  assert.equal(problems, []);
  roots = rootsOf(sentences, table);
});

const known = (rest: string) => readStem(rest, table).length > 0;
const split = (lemma: string) => splitPreverbs(lemma, known).map((s) => [...s.prefixes, s.rest].join('+'));

test('preverbs: the sandhi that joined them undone, checked against the dhātupāṭha', () => {
  assert.equal(split('prāp'), ['pra+āp']);
  assert.equal(split('udāhṛ'), ['ud+ā+hṛ']);
  assert.equal(split('samupasthā'), ['sam+upa+sthā']);
  assert.equal(split('niṣṭhā'), ['ni+sthā']);
  assert.equal(split('pratiṣṭhā'), ['prati+sthā']);
  assert.equal(split('adhiṣṭhā'), ['adhi+sthā']);
  assert.equal(split('abhyāgam'), ['abhi+ā+gam']);
  assert.equal(split('avagam'), ['ava+gam']);
  assert.equal(split('anviṣ'), ['anu+iṣ']);
  assert.equal(split('vyāpṛ'), ['vi+ā+pṛ']);
  assert.equal(split('praṇidhā'), ['pra+ni+dhā']);
  assert.equal(split('utthā'), ['ud+sthā']);
  assert.equal(split('ucchri'), ['ud+śri']);
  assert.equal(split('niścar'), ['nis+car']);
  assert.equal(split('nirdiś'), ['nir+diś']);
  assert.equal(split('viṣṭambh'), ['vi+stambh']);
  assert.equal(split('avaṣṭambh'), ['ava+stambh']);
  assert.equal(split('anuṣañj'), ['anu+sañj']);
  assert.equal(split('namaskṛ'), ['namas+kṛ']);
  assert.equal(split('śraddhā'), ['śrat+dhā']);
  assert.ok(split('upe').includes('upa+i'));
  // A root that only starts like a preverb is never split.
  for (const root of ['pat', 'vid', 'ās', 'nī', 'sṛj', 'sañj', 'duṣ', 'vyath']) assert.equal(split(root), [root], root);
  assert.equal(split('pravyath'), ['pra+vyath']);
  assert.equal(split('xyz'), []);
});

const reading = (stem: string) => readStem(stem, table).map((r) => `${r.derived?.kind ?? 'root'}:${r.root}`);

test('secondary stems: causatives, desideratives, intensives, denominatives, class-10 stems', () => {
  assert.ok(reading('dhāray').includes('causative:dhṛ'));
  assert.equal(reading('sthāpay'), ['causative:sthā']);
  assert.ok(reading('jñāpay').includes('causative:jñā'));
  assert.equal(reading('ghātay'), ['causative:han']);
  assert.equal(reading('arpay'), ['causative:ṛ']);
  assert.equal(reading('kathay'), ['root:kath']);
  assert.equal(reading('kīrtay'), ['root:kṝt']);
  assert.ok(reading('sañjay').includes('causative:sañj'));
  assert.ok(reading('jijñās').includes('desiderative:jñā'));
  assert.ok(reading('bubhukṣ').includes('desiderative:bhuj'));
  assert.ok(reading('mumukṣ').includes('desiderative:muc'));
  assert.ok(reading('yuyuts').includes('desiderative:yudh'));
  assert.ok(reading('cikīrṣ').includes('desiderative:kṛ'));
  assert.ok(reading('jigīṣ').includes('desiderative:ji'));
  assert.ok(reading('jijīviṣ').includes('desiderative:jīv'));
  assert.equal(reading('lelih'), ['intensive:lih']);
  assert.equal(reading('tapasy'), ['denominative:']);
  assert.equal(reading('jāgṛ'), ['root:jāgṛ']); // a root, not an intensive of gṛ
});

test('the present class a form shows', () => {
  const vid = table.bySpelling.get('vid')!;
  assert.equal(classesShown('vetti', vid), [2]);
  assert.equal(classesShown('vindati', vid), [6]);
  assert.equal(classesShown('vidyate', vid), [4]);
  assert.equal(classesShown('vidyāt', vid), [2]);
  const aś = table.bySpelling.get('aś')!;
  assert.equal(classesShown('aśnute', aś), [5]);
  assert.equal(classesShown('aśnāti', aś), [9]);
  assert.equal(classesShown('asti', table.bySpelling.get('as')!), [2]);
  assert.equal(classesShown('jānāti', table.bySpelling.get('jñā')!), [9]);
  assert.equal(classesShown('praṇaśyati', table.bySpelling.get('naś')!), [4]);
});

const get = (lemma: string, id: number) => roots.lemmas.get(lemmaKey(lemma, id));

test('the join on the real files: the named examples', () => {
  const vidKnow = get('vid', 158058)!;
  assert.equal(vidKnow.entries.map((e) => e.code), ['02.0059']);
  assert.match(vidKnow.reason, /vetti/);
  assert.equal(get('vid', 157306)!.entries.map((e) => e.code), ['06.0168']); // vindati; vidyate is marked passive
  assert.equal(get('aś', 156119)!.entries.map((e) => e.code), ['05.0020']);
  assert.equal(get('aś', 156121)!.entries.map((e) => e.code), ['09.0059']);
  assert.equal(get('as', 156122)!.entries.map((e) => e.code), ['02.0060']);
  const prāp = get('prāp', 163158)!;
  assert.equal([prāp.prefixes, prāp.root], [['pra'], 'āp']);
  const upe = get('upe', 160734)!;
  assert.equal([upe.prefixes, upe.root, upe.entries.map((e) => e.code)], [['upa'], 'i', ['02.0040']]);
  assert.equal(get('dhāray', 157617)!.derived, { kind: 'causative', stem: 'dhāray' });
  assert.equal(get('dhāray', 157617)!.root, 'dhṛ');
  assert.equal(get('paś', 157390)!.root, 'dṛś');
  assert.equal(get('ah', 156124)!.root, 'brū');
  assert.equal(get('samupasthā', 165383)!.prefixes, ['sam', 'upa']);
  assert.equal(get('tapasy', 200471)!.root, null);
  assert.equal(get('atitṝ', 157368)!.root, 'tṝ');
  // uddharet (6.5) splits as ud + hṛ and as ud + dhṛ: dhṛ's own sense ("hold") must not choose between the two; the
  // lemma's sense, read by hand, does (lift up: hṛ).
  const uddhṛ = get('uddhṛ', 160242)!;
  assert.equal([uddhṛ.prefixes, uddhṛ.root, uddhṛ.entries.map((e) => e.code)], [['ud'], 'hṛ', ['01.1046']]);
  assert.match(uddhṛ.reason, /8\.4\.62/);
  // vīta (2.56 vītarāga...) is vi + i, "gone away", though the unsplit vī is a root too: read by hand for this lemma.
  const vī = get('vī', 164500)!;
  assert.equal([vī.prefixes, vī.root, vī.entries.map((e) => e.code)], [['vi'], 'i', ['02.0040']]);
  // saṃsmṛtya, saṃstabhya (a gerund in -ya follows a preverb): sam + the root, not an intensive's reduplication.
  for (const [lemma, id, root] of [['saṃsmṛ', 164833, 'smṛ'], ['saṃstambh', 164819, 'stambh'], ['saṃsidh', 164807, 'sidh']] as const) {
    const l = get(lemma, id)!;
    assert.equal([l.prefixes, l.root, l.derived], [['sam'], root, null], lemma);
  }
  assert.equal([get('abhyasūy', 159291)!.prefixes, get('abhyasūy', 159291)!.derived], [['abhi'], { kind: 'denominative', stem: 'asūy' }]);
  assert.equal(get('lelih', 199133)!.derived, { kind: 'intensive', stem: 'lelih' });
  // A causative's -aya- is spelled as a class 10 root's: anuvartayati (3.16) is the causative of vṛt "turn", not vṛt "speak" of class 10.
  const anuvartay = get('anuvartay', 158099)!;
  assert.equal([anuvartay.prefixes, anuvartay.root, anuvartay.derived?.kind, anuvartay.entries.map((e) => e.code)], [['anu'], 'vṛt', 'causative', ['01.0862']]);
  // Read by hand for the lemma: upāsate is upa + ās "sit near, worship" (middle endings), not as "be"; niyojayasi the causative of yuj "join".
  assert.equal([get('upās', 160725)!.prefixes, get('upās', 160725)!.root], [['upa'], 'ās']);
  assert.equal([get('paryupās', 162313)!.prefixes, get('paryupās', 162313)!.root], [['pari', 'upa'], 'ās']);
  assert.equal([get('niyojay', 161345)!.root, get('niyojay', 161345)!.derived?.kind, get('niyojay', 161345)!.entries.map((e) => e.code)], ['yuj', 'causative', ['07.0007']]);
});

test('the figures: every lemma is counted once; nothing undecided without a reason', () => {
  const { summary, undecided } = roots;
  const lemmas = new Set(sentences.flat().flatMap((s) => s.words).filter((w) => w.pos === 'VERB').map((w) => lemmaKey(lemmaName(w.lemma), w.lemmaId)));
  assert.is(summary.total.lemmas, lemmas.size);
  assert.is(summary.total.words, 2007);
  assert.is(summary.decided.lemmas + summary.ambiguous.lemmas + summary.denominative.lemmas + summary.undecided.lemmas, lemmas.size);
  for (const u of undecided) assert.ok(u.reason.length > 10, u.lemma);
  for (const l of roots.lemmas.values()) if (l.root !== null) assert.ok(l.entries.length >= 1, l.lemma);
  console.log(`roots: ${JSON.stringify(summary)}`);
});

interface Labelled { key: string; prefixes: string[]; root: string | null; derived: string | null; codes: string[]; note?: string }

/** The sample's draw, as sample.json says: mulberry32(seed) shuffling the sorted keys. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The agreement measured when the sample was labelled: the test fails below it. */
const MEASURED = { rootAndPrefixes: 56, codes: 52 };

test('the hand-labelled sample: agreement on root and prefixes, and on the entry', () => {
  const sample = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/content/roots/sample.json'), 'utf8')) as { seed: number; items: Labelled[] };
  const keys = [...new Set(sentences.flat().flatMap((s) => s.words).filter((w) => w.pos === 'VERB').map((w) => lemmaKey(lemmaName(w.lemma), w.lemmaId)))].sort();
  const rand = mulberry32(sample.seed);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  assert.equal(sample.items.map((x) => x.key), keys.slice(0, 60), 'the sample is the draw its seed gives');
  let rootAgree = 0;
  let codeAgree = 0;
  const disagreements: string[] = [];
  for (const item of sample.items) {
    const got = roots.lemmas.get(item.key);
    const sameRoot = !!got && got.root === item.root && got.prefixes.join('+') === item.prefixes.join('+') && (got.derived?.kind ?? null) === item.derived;
    const sameCodes = !!got && (item.root === null ? got.entries.length === 0 : got.entries.length > 0 && got.entries.every((e) => item.codes.includes(e.code)));
    if (sameRoot) rootAgree++;
    if (sameRoot && sameCodes) codeAgree++;
    if (!sameRoot || !sameCodes) {
      const said = got ? `${[...got.prefixes, got.root].join('+')}${got.derived ? ` (${got.derived.kind})` : ''} ${got.entries.map((e) => e.code).join(',')}` : `undecided: ${roots.undecided.find((u) => lemmaKey(u.lemma, u.lemmaId) === item.key)?.reason}`;
      disagreements.push(`${item.key}: hand ${[...item.prefixes, item.root].join('+')}${item.derived ? ` (${item.derived})` : ''} ${item.codes.join(',')}; module ${said}`);
    }
  }
  console.log(`sample: root and prefixes ${rootAgree}/60, and an entry the hand allows ${codeAgree}/60\n  ${disagreements.join('\n  ')}`);
  assert.ok(rootAgree >= MEASURED.rootAndPrefixes, `root and prefixes agree on ${rootAgree}/60, measured ${MEASURED.rootAndPrefixes}:\n${disagreements.join('\n')}`);
  assert.ok(codeAgree >= MEASURED.codes, `entries agree on ${codeAgree}/60, measured ${MEASURED.codes}:\n${disagreements.join('\n')}`);
});

test.run();

// The dhātupāṭha's letters and roots (src/content/roots/slp1.ts, anubandha.ts,
// dhatupatha.ts): transliteration on known words, the citation form of
// well-known roots read from the real table, the voice from the markers, and
// the errors of a bad table.
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROJECT_ROOT } from '../../../src/paths.ts';
import { slp1ToDevanagari, slp1ToIast } from '../../../src/content/roots/slp1.ts';
import { reduceUpadesha, spellings } from '../../../src/content/roots/anubandha.ts';
import { parseDhatupatha, readDhatupatha, type Dhatupatha } from '../../../src/content/roots/dhatupatha.ts';

const DIR = resolve(PROJECT_ROOT, '../shared/dhatupatha');
let table: Dhatupatha;
test.before(() => {
  table = readDhatupatha(DIR);
});
const at = (code: string) => table.entries.find((e) => e.code === code)!;

test('SLP1 → IAST: every letter, accents dropped, ~ and punctuation kept', () => {
  assert.is(slp1ToIast('gatinivfttO'), 'gatinivṛttau');
  assert.is(slp1ToIast('zWA\\'), 'ṣṭhā');
  assert.is(slp1ToIast('qukf\\Y'), 'ḍukṛñ');
  assert.is(slp1ToIast('qupa\\ca~^z'), 'ḍupaca~ṣ');
  assert.is(slp1ToIast('aBivAdanastutyoH'), 'abhivādanastutyoḥ');
  assert.is(slp1ToIast('kzaraRadIptyoH'), 'kṣaraṇadīptyoḥ');
  assert.is(slp1ToIast('saMSabdane'), 'saṃśabdane');
  assert.is(slp1ToIast('JFz'), 'jhṝṣ');
  assert.is(slp1ToIast('kxp'), 'kḷp');
  assert.is(slp1ToIast('SOce, kzaRe'), 'śauce, kṣaṇe');
});

test('SLP1 → Devanagari: vowel signs, virama, independent vowels, anusvāra, visarga, candrabindu, avagraha', () => {
  assert.is(slp1ToDevanagari('gatinivfttO'), 'गतिनिवृत्तौ');
  assert.is(slp1ToDevanagari('jYAne'), 'ज्ञाने');
  assert.is(slp1ToDevanagari('aBivAdanastutyoH'), 'अभिवादनस्तुत्योः');
  assert.is(slp1ToDevanagari('saMSabdane'), 'संशब्दने');
  assert.is(slp1ToDevanagari('zWA\\'), 'ष्ठा');
  assert.is(slp1ToDevanagari('vida~'), 'विदँ');
  assert.is(slp1ToDevanagari('Ikza~\\'), 'ईक्षँ');
  assert.is(slp1ToDevanagari('miSraRe\'miSraRe ca'), 'मिश्रणेऽमिश्रणे च');
  assert.is(slp1ToDevanagari('fcCati'), 'ऋच्छति');
  assert.is(slp1ToDevanagari('kzaRe (nASe)'), 'क्षणे (नाशे)');
});

test('markers: initial ñi ṭu ḍu, halantyam, nasalised vowels, ir', () => {
  assert.equal(reduceUpadesha('qukf\\Y', 8), { root: 'kf', its: ['qu', 'Y'], voice: 'ubhayapada' });
  assert.equal(reduceUpadesha('qula\\Ba~\\z', 1), { root: 'laB', its: ['qu', 'a~', 'z'], voice: 'ātmanepada' });
  assert.equal(reduceUpadesha('YiBI\\', 3), { root: 'BI', its: ['Yi'], voice: 'parasmaipada' });
  assert.equal(reduceUpadesha('wuo~Svi', 1), { root: 'Svi', its: ['wu', 'o~'], voice: 'parasmaipada' });
  assert.equal(reduceUpadesha('u~Cfdi~^r', 7), { root: 'Cfd', its: ['u~', 'i~r'], voice: 'ubhayapada' });
  assert.equal(reduceUpadesha('Ri\\ji~^r', 3), { root: 'nij', its: ['i~r'], voice: 'ubhayapada' });
  assert.equal(reduceUpadesha('o~hA\\k', 3), { root: 'hA', its: ['o~', 'k'], voice: 'parasmaipada' });
  assert.equal(reduceUpadesha('i\\R', 2).root, 'i');
  assert.equal(reduceUpadesha('De\\w', 1).root, 'De');
});

test('citation: idit nasal (7.1.58), initial ṣ and ṇ (6.1.64-65), adanta class 10, spellings', () => {
  const cite = (u: string, g: number) => slp1ToIast(reduceUpadesha(u, g).root);
  assert.is(cite('vadi~\\', 1), 'vand');
  assert.is(cite('citi~', 10), 'cint');
  assert.is(cite('Sasi~', 1), 'śaṃs');
  assert.is(cite('hisi~', 7), 'hiṃs');
  assert.is(cite('kAkzi~', 1), 'kāṅkṣ');
  assert.is(cite('igi~', 1), 'iṅg');
  assert.is(cite('zwaBi~\\', 1), 'stambh');
  assert.is(cite('zWA\\', 1), 'sthā');
  assert.is(cite('zRA\\', 2), 'snā');
  assert.is(cite('zaYja~\\', 1), 'sañj');
  assert.is(cite('zWivu~', 1), 'ṣṭhiv');
  assert.is(cite('RI\\Y', 1), 'nī');
  assert.is(cite('Ridi~', 1), 'nind');
  assert.is(cite('kaTa', 10), 'kath');
  assert.is(cite('gaRa', 10), 'gaṇ');
  assert.is(cite('vida~', 2), 'vid');
  assert.is(cite('gamx~', 1), 'gam');
  assert.equal(spellings('DyE').map(slp1ToIast), ['dhyai', 'dhyā']);
  assert.equal(spellings('kfp').map(slp1ToIast), ['kṛp', 'kḷp']);
  assert.equal(spellings('praC').map(slp1ToIast), ['prach', 'pracch']);
  assert.is(cite('BranSu~', 1), 'bhraṃś');
  assert.is(cite('za\\nja~', 1), 'sañj');
});

test('the real table: 2,229 roots (30 numbered places hold none); the four vid; voices', () => {
  assert.is(table.entries.length, 2229);
  const vid = table.bySpelling.get('vid')!.map((e) => `${e.code} ${e.meaning.iast} ${e.voice}`);
  for (const v of ['02.0059 jñāne parasmaipada', '04.0067 sattāyām ātmanepada', '06.0168 lābhe ubhayapada', '07.0013 vicāraṇe ātmanepada']) assert.ok(vid.includes(v), v);
  assert.is(at('01.0001').root, 'bhū');
  assert.is(at('01.0001').voice, 'parasmaipada');
  assert.is(at('01.0002').voice, 'ātmanepada'); // eḍha~\ : anudātta it-vowel
  assert.is(at('01.1047').voice, 'ubhayapada'); // dhṛñ
  assert.is(at('01.1130').root, 'labh');
  assert.is(at('01.1077').root, 'sthā');
  assert.is(at('01.1077').upadesha, 'ṣṭhā');
  assert.is(at('08.0010').upadesha, 'ḍukṛñ');
  assert.is(at('08.0010').meaning.devanagari, 'करणे');
  assert.is(at('10.0389').voice, 'ubhayapada'); // katha: ṇic, 1.3.74
  assert.ok(table.bySpelling.get('dhyā')!.some((e) => e.upadesha === 'dhyai'));
  assert.ok(table.bySpelling.get('kḷp')!.some((e) => e.root === 'kṛp'));
});

test('a bad table names the file and the line', () => {
  assert.throws(() => parseDhatupatha('t.tsv', 'code\tdhatu\tartha\n01.0001\tBU\n'), /t\.tsv: line 2: expected 3 tab-separated columns/);
  assert.throws(() => parseDhatupatha('t.tsv', 'code\tdhatu\tartha\n11.0001\tBU\tsattAyAm\n'), /t\.tsv: line 2: expected a code GG\.NNNN/);
  assert.throws(() => parseDhatupatha('t.tsv', 'code\tdhatu\tartha\n01.0001\tBU\tsattAyAm\n01.0001\tBU\tsattAyAm\n'), /line 3: expected each code once/);
  assert.throws(() => parseDhatupatha('t.tsv', 'code\tdhatu\n'), /t\.tsv: line 1: expected the header/);
  assert.throws(() => parseDhatupatha('t.tsv', 'code\tdhatu\tartha\n01.0001\tभू\tsattAyAm\n'), /line 2: expected the root in SLP1/);
});

test.run();

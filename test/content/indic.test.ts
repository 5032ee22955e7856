// The "?" of the Hindi and Sanskrit texts, decided by rule (src/content/indic.ts)
// and measured: against the random sample a reader labelled by hand
// (test/content/fixtures/hindi-question-marks.json, its seed and how it was
// drawn beside it), and on the real content read from the source files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asks, hindiMark, sanskritMark, visargaWords, type VisargaWords } from '../../src/content/indic.ts';
import { applyEdits, headingEdit, type RepairReport } from '../../src/content/repairs.ts';
import type { Content } from '../../src/content/read.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { SHARED_DATA, hook } from '../helpers/fs.ts';
import { repairedUpstream } from '../helpers/dist.ts';

interface Labelled {
  record: string;
  key: string;
  field: 'ht' | 'hc';
  position: number;
  label: 'comma' | 'question' | 'visarga' | 'unsure';
  why: string;
}

let upstream: Content;
let repaired: Content;
let report: RepairReport;
let words: VisargaWords;
const text = (c: Content, id: string, key: string, field: string) => (c.verses.find((v) => v.record._id === id)!.record as unknown as Record<string, Record<string, string>>)[key][field];

test.before(hook(async () => {
  ({ upstream, repaired, report } = await repairedUpstream());
  const hindi: string[] = [];
  for (const { record } of upstream.verses) for (const v of Object.values(record)) if (v && typeof v === 'object') for (const f of ['ht', 'hc']) if (typeof (v as unknown as Record<string, string>)[f] === 'string') hindi.push((v as unknown as Record<string, string>)[f]);
  words = visargaWords(hindi);
}));

test('Hindi: the rule agrees with at least 95 % of the hand labels, and turns at most one question in 20 into a comma', () => {
  const sample = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/content/fixtures/hindi-question-marks.json'), 'utf8')) as { seed: number; items: Labelled[] };
  assert.ok(sample.items.length >= 150, `${sample.items.length} labelled`);
  let agree = 0;
  let judged = 0;
  let questions = 0;
  let questionsToCommas = 0;
  const disagreements: string[] = [];
  for (const item of sample.items) {
    // The source file's text, as upstream has it.
    const t = JSON.parse(readFileSync(join(SHARED_DATA, 'slok', `bhagavadgita_chapter_${item.record.slice(2).replace('.', '_slok_')}.json`), 'utf8'))[item.key][item.field] as string;
    assert.is(t[item.position], '?', `${item.record} ${item.key}.${item.field} @${item.position}`);
    if (item.label === 'unsure') continue;
    const mark = hindiMark(t, item.position, words);
    judged++;
    if (mark === item.label) agree++;
    else disagreements.push(`${item.record} ${item.key}.${item.field}@${item.position}: labelled ${item.label}, rule ${mark}`);
    if (item.label === 'question') {
      questions++;
      if (mark === 'comma') questionsToCommas++;
    }
  }
  console.log(`    Hindi "?": the rule agrees with ${agree} of ${judged} labels (${((100 * agree) / judged).toFixed(1)} %, seed ${sample.seed}); ${questionsToCommas} of ${questions} questions made commas`);
  assert.ok(agree / judged >= 0.95, `agreement ${agree}/${judged}:\n${disagreements.join('\n')}`);
  assert.ok(questionsToCommas * 20 <= questions, `questions made commas: ${questionsToCommas} of ${questions}`);
});

test('Hindi: the examples a reader decides at once', () => {
  const at = (s: string) => hindiMark(s, s.indexOf('?'), words);
  assert.is(at('कर्म करने मात्र में तुम्हारा अधिकार है? फल में कभी नहीं।'), 'comma');
  assert.is(at('हे संजय! धर्मभूमि कुरुक्षेत्र में मेरे और पाण्डु के पुत्रों ने भी क्या किया?'), 'question');
  assert.is(at('यह बुद्धि सात्त्विकी है अथवा राजसी-तामसी?'), 'question', 'the end of a text');
  assert.is(at('पृथ्वी? जल? तेज और वायु'), 'comma', 'a list');
  assert.is(at('वह किसी न किसी कर्म में लगा रहता है? इसलिये'), 'comma', 'किसी is no question word');
  assert.is(at('कभी भी नहीं करता है? क्योंकि'), 'comma', 'कभी is no question word');
  assert.is(at('वह क्यों युद्ध करे?\nअर्जुन कहता है'), 'question', 'the end of a line');
  assert.is(at('बात यह है। अत? स्वाभाविक है कि'), 'visarga', 'an adverb in -तः opening a sentence');
  assert.ok(asks('अब मैं क्या करूँ') && asks('किसका है') && !asks('क्योंकि वह') && !asks('किसी भी'));
});

test('Sanskrit: a "?" after a Devanagari letter is a comma; sigla and Latin citations stay', () => {
  const at = (s: string) => sanskritMark(s, s.indexOf('?'));
  assert.is(at('कर्मण्येव? अधिकारः'), 'comma');
  assert.is(at('योनिसंग्रहार्थं?,देवादि'), 'comma');
  assert.is(at('वेदितुम्?'), 'comma');
  for (const s of ['( S??N च्यवन्ते)', '(?N ग्रन्थः)', 'RV? X? 90', '( S? ? N --']) assert.is(at(s), 'undecided', s);
  // abhinav.sc's manuscript sigla, S??N and S??K, are exactly as many after the repairs as before.
  const sigla = (c: Content) => c.verses.reduce((n, { record }) => n + ((record as unknown as Record<string, Record<string, string>>).abhinav?.sc?.match(/S\?\?[NK]/g)?.length ?? 0), 0);
  assert.is(sigla(upstream), 129);
  assert.is(sigla(repaired), 129);
});

test('the real content: every Sanskrit "?" after a letter and before a space is a comma now; BG2.47 of Śaṅkara', () => {
  let left = 0;
  for (const { record } of repaired.verses) for (const v of Object.values(record)) if (v && typeof v === 'object' && typeof (v as unknown as Record<string, string>).sc === 'string') left += (v as unknown as Record<string, string>).sc.match(/[\u0900-\u0963\u0971-\u097f]\? /g)?.length ?? 0;
  assert.is(left, 0);
  assert.ok(report.counts['sanskrit-comma'] > 7000, `${report.counts['sanskrit-comma']} Sanskrit commas`);
  const was = text(upstream, 'BG2.47', 'sankar', 'sc');
  const now = text(repaired, 'BG2.47', 'sankar', 'sc');
  assert.is(now, was.replace(/([\u0900-\u0963\u0971-\u097f])\?( |[\u0900-\u0963\u0971-\u097f])/g, '$1,$2').replace(/([\u0900-\u0963\u0971-\u097f])\?,/g, '$1,').replace(/([\u0900-\u0963\u0971-\u097f])\?$/, '$1,'));
  assert.not.match(now, '?');
});

test('the real content: BG2.47 tej.ht reads with its comma; chinmay.hc has its visargas back', () => {
  assert.match(text(upstream, 'BG2.47', 'tej', 'ht'), 'अधिकार है? फल में');
  assert.match(text(repaired, 'BG2.47', 'tej', 'ht'), 'अधिकार है, फल में');
  const count = (c: Content, re: RegExp) => c.verses.reduce((n, { record }) => n + ((record as unknown as Record<string, Record<string, string>>).chinmay?.hc?.match(re)?.length ?? 0), 0);
  const lost = count(upstream, /(?:^|[।.\s])अत\?/g);
  assert.ok(lost >= 27, `${lost} अत? in chinmay.hc`);
  assert.is(count(repaired, /(?:^|[।.\s])अत\?/g), 0);
  assert.is(count(repaired, /अतः/g) - count(upstream, /अतः/g), lost);
  // Real questions keep their mark: BG1.1 rams.ht.
  assert.match(text(repaired, 'BG1.1', 'rams', 'ht'), /क्या किया\?/);
  assert.ok(report.left.hindiQuestions > 1000, `${report.left.hindiQuestions} Hindi questions kept`);
});

test('headings: the 26 stray headings of BG2.17 and BG18.2 are cut, the verse number and the text kept', () => {
  const cuts = report.changes.filter((c) => c.rule === 'heading');
  assert.is(cuts.length, 26);
  assert.equal([...new Set(cuts.map((c) => c.record))].sort(), ['BG18.2', 'BG2.17']);
  assert.ok(text(repaired, 'BG18.2', 'rams', 'ht').startsWith('।।18.2।।श्रीभगवान् बोले'));
  assert.ok(text(repaired, 'BG2.17', 'siva', 'ec').startsWith('2.17 अविनाशि'));
  assert.is(headingEdit('।।2.47।। कर्मण्येव'), null);
  const t = 'Sanskrit Commentary By Sri Vedantadeshikacharya Venkatanatha  ।।18.2।।पृथक्';
  assert.is(applyEdits(t, [headingEdit(t)!]), '।।18.2।।पृथक्');
});

test.run();

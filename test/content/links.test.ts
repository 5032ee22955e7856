// The miner (src/content/links.ts) on the forms the commentaries write,
// each written out, and the graph mined from the served texts checked whole.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mentionsIn, mineLinks, thirteenthNumbering, verseWords, type Mention, type MinedRecord } from '../../src/content/links.ts';
import { workName, workSlug } from '../../src/content/works.ts';
import type { Content } from '../../src/content/read.ts';
import { hook } from '../helpers/fs.ts';
import { repairedUpstream } from '../helpers/dist.ts';

const VPC = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];
const read = (text: string, own = { ch: 3, sl: 5 }) => mentionsIn(text, own, VPC);
const one = (text: string, own?: { ch: number; sl: number }): Mention => {
  const all = read(text, own);
  assert.is(all.length, 1, `${text}: ${JSON.stringify(all)}`);
  return all[0];
};
const gita = (text: string, to: string) => {
  const m = one(text);
  assert.is(m.kind, 'gita', `${text}: ${m.why}`);
  assert.is(m.to, to, text);
};
const work = (text: string, name: string, loc?: string) => {
  const m = one(text);
  assert.is(m.kind, 'work', `${text}: ${m.why}`);
  assert.is(m.work, name, text);
  if (loc) assert.is(m.loc, loc, text);
};

test('Gita citations as the commentaries write them', () => {
  gita('(2.47)', 'BG2.47');
  gita('See Comment under 13.7', 'BG13.7');
  gita('[16।5] इति वक्ष्यते', 'BG16.5');
  gita('यस्त्वात्मरतिरेव स्यात् [3।17]', 'BG3.17');
  gita('(7। 16 18)', 'BG7.16-18');
  gita('Bhagavad-gītā (7.28)', 'BG7.28');
  gita('(गीता 15।7)', 'BG15.7');
  gita('(गीता 18। 15)', 'BG18.15');
  gita('देही नित्यं 2।30 इति', 'BG2.30');
  gita('understand from 16.23-4.-S.]', 'BG16.23-24');
  gita('[13।7?8] इत्यादिना', 'BG13.7-8');
  // Two verse numbers run together, their dash lost: a range of a few verses.
  gita('(गीता 9। 3031)', 'BG9.30-31');
  gita('(गीता 7।45)', 'BG7.4-5');
  gita('(9। 2728)', 'BG9.27-28');
  assert.is(one('[1।1027]').kind, 'other', 'not a "range" of 17 verses: another work\'s place');
  assert.is(one('वधोऽवधः 5।39 इति').kind, 'other', 'two digits run together, the Gita not named: not read as a range');
  assert.is(one('(गीता 18। 15)').text, 'गीता 18। 15', 'the text as written, with its label');
});

test('several verses in one bracket: each its own citation', () => {
  assert.equal(read('(गीता 2। 7 3। 2 5। 1)').map((m) => m.to), ['BG2.7', 'BG3.2', 'BG5.1']);
  assert.equal(read('(गीता 8। 14 एवं 9। 22, 34 में कही)').map((m) => m.to), ['BG8.14', 'BG9.22', 'BG9.34']);
});

test('other works: their tails are never Gita verses, and every abbreviation gets one name', () => {
  work('(Sv. 6.11)', 'Śvetāśvatara Upaniṣad', '6.11');
  work('Śvetāśvatara Upaniṣad 3.8', 'Śvetāśvatara Upaniṣad', '3.8');
  work('(छा0 उ0 6।2।1)', 'Chāndogya Upaniṣad', '6.2.1');
  work('तै.आ.3।12।7 इति', 'Taittirīya Āraṇyaka', '3.12.7');
  work('[ब्र.सू.1।3।10]', 'Brahma-sūtra', '1.3.10');
  work('(V.P., 1.6.37)', 'Viṣṇu Purāṇa', '1.6.37');
  work('(Ma. Bha. Vana., 88.24-28)', 'Mahābhārata', '88.24-28');
  work('(मानस 7। 38। 1)', 'Rāmcaritmānas', '7.38.1');
  work('Yoga-sūtras (4.33)', 'Yoga-sūtra', '4.33');
  work('Brahma-saṁhitā (5.37)', 'Brahma-saṁhitā', '5.37');
  work('(मु0 3।2।3)', 'Muṇḍaka Upaniṣad');
  work('श्वे.उ.4।5 इति', 'Śvetāśvatara Upaniṣad', '4.5');
  work('RV. X. 90. 3', 'Ṛg Veda');
  work('भागवते तृतीयस्कन्धे 10।12।13', 'Bhāgavata Purāṇa');
  assert.is(one('Yoga-sūtras (4.33)').label, 'Yoga-sūtras', 'the label as written');
  assert.is(one('(see Cha. U., 6.2.1)').label, 'Cha. U.');
  // "Ibid." takes the work before it.
  const both = read("'Thou art That' (Cha. U., 6.8.7), 'Being alone' (Ibid., 6.2.1)");
  assert.equal(both.map((m) => [m.kind, m.work]), [['work', 'Chāndogya Upaniṣad'], ['work', 'Chāndogya Upaniṣad']]);
  // One name however written.
  for (const w of ['छा0 उ0', 'छां.उ.', 'Cha. U.,', 'Chāndogya Upaniṣad']) assert.is(workName(w), 'Chāndogya Upaniṣad', w);
  assert.is(workSlug('Chāndogya Upaniṣad'), 'chandogya-upanisad');
});

test('an abbreviation no name is known for stays as written, and is no Gita link', () => {
  const m = one('[क्ष.ज्ञ.2।7] इति');
  assert.is(m.kind, 'work');
  assert.is(m.named, false);
  assert.is(m.work, 'क्ष.ज्ञ.');
});

test('page numbers, placeholders\' pointers, decimals and verses that do not exist are not citations', () => {
  assert.is(one('(टिप्पणी प0 935.1)').kind, 'other');
  assert.is(one('Sri Sankaracharya did not comment on this sloka. The commentary starts from 2.10.', { ch: 1, sl: 12 }).kind, 'other');
  assert.is(one('(19.5)').kind, 'other', 'there is no chapter 19');
  assert.is(one('(2.73)').kind, 'other', 'a colophon is not cited');
  assert.is(one('(2?2?2?3)').kind, 'other');
});

test('a verse\'s own number and group headers at a text\'s start', () => {
  const own = one('8.3 Aksaram means the Immutable', { ch: 8, sl: 3 });
  assert.is(own.kind, 'self');
  assert.is(one('।।2.47।। कर्म', { ch: 2, sl: 47 }).kind, 'self');
  const covers = one('1.26 - 1.47 Then Arjuna saw', { ch: 1, sl: 30 });
  assert.equal([covers.kind, covers.range, covers.start, covers.end], ['covers', 'BG1.26-47', 0, 11]);
  assert.equal([one('।।10.8 -- 10.10।।text', { ch: 10, sl: 9 }).range, one('।।3.40  3.41।।text', { ch: 3, sl: 40 }).range], ['BG10.8-10', 'BG3.40-41']);
  assert.is(one('text (2.47) more', { ch: 2, sl: 47 }).kind, 'self', 'a verse citing its own number cites nothing');
  const range = one('(गीता 4। 16 32)', { ch: 4, sl: 19 });
  assert.equal([range.kind, range.to], ['gita', 'BG4.16-32'], 'a range that holds the verse cites the others');
});

test('Devanagari digits read as ASCII, offsets unchanged', () => {
  const m = one('(गीता २।४७)');
  assert.equal([m.kind, m.to, m.start, m.end], ['gita', 'BG2.47', 6, 10]);
});

let content: Content;
test.before(hook(async () => {
  ({ repaired: content } = await repairedUpstream());
}));

test('chapter 13 as a commentary numbers it: a verse on where it counts without Arjuna\'s question; its heading as written', () => {
  const shifted = { thirteenWithoutQuestion: true };
  const [cited] = mentionsIn("'इदं शरीरम्' (13। 1) कहा है", { ch: 2, sl: 43 }, VPC, shifted);
  assert.equal([cited.kind, cited.to], ['gita', 'BG13.2']);
  const [range] = mentionsIn('(13। 7 -- 11)', { ch: 16, sl: 6 }, VPC, shifted);
  assert.is(range.to, 'BG13.8-12');
  // Under 13.8, its "13। 7" is the verse itself.
  assert.is(mentionsIn('अमानित्वम् (13। 7)', { ch: 13, sl: 8 }, VPC, shifted)[0].kind, 'self');
  // Without the numbering, and for a heading, the number as written.
  assert.is(mentionsIn("'इदं शरीरम्' (13। 1) कहा है", { ch: 2, sl: 43 }, VPC)[0].to, 'BG13.1');
  assert.equal(mentionsIn('13.7 Modesty...', { ch: 13, sl: 7 }, VPC, shifted).map((m) => [m.kind, m.to]), [['self', 'BG13.7']]);
  // 13.35 has no next verse: as written.
  assert.is(mentionsIn('(13। 35)', { ch: 2, sl: 1 }, VPC, shifted)[0].to, 'BG13.35');
});

test('which commentaries number chapter 13 without the question: read from their quotations', () => {
  const records: MinedRecord[] = content.verses.map((v) => v.record as unknown as MinedRecord);
  const { withoutQuestion, evidence } = thirteenthNumbering(records, content.chapters.map((c) => c.record.verses_count));
  assert.equal(withoutQuestion, ['raman', 'rams', 'sankar']);
  assert.ok(evidence.venkat.same > 4 * evidence.venkat.next, JSON.stringify(evidence.venkat));
});

test('the passage a combined text is on: "... इत्यन्तस्य" and "... इति श्लोकस्य" in its own chapter', () => {
  const [passage] = mentionsIn('अथ व्यवस्थितान् इत्यादेःकुरून् 1।25 इत्यन्तस्यार्थमाह', { ch: 1, sl: 20 }, VPC);
  assert.equal([passage.kind, passage.range], ['covers', 'BG1.20-25']);
  const [part] = mentionsIn('अपर्याप्तं 1।10 इति श्लोकस्यायमर्थः', { ch: 1, sl: 5 }, VPC);
  assert.equal([part.kind, part.range], ['covers', 'BG1.10']);
  // Of another chapter, or of an earlier verse: a citation.
  assert.equal(mentionsIn('सर्गे यान्ति परन्तप [7।27] इत्यन्तेन', { ch: 8, sl: 2 }, VPC).map((m) => [m.kind, m.to]), [['gita', 'BG7.27']]);
  assert.equal(mentionsIn('7।17 इति श्लोकस्य', { ch: 7, sl: 18 }, VPC).map((m) => [m.kind, m.to]), [['gita', 'BG7.17']]);
});

test('a misprint in a Sanskrit commentary, mended by the words it quotes: only a digit away, and only where they fit one verse best', () => {
  const words = verseWords(content.verses.map((v) => v.record as unknown as MinedRecord));
  const sa = { verseWords: words, sanskrit: true };
  const at = (text: string, own = { ch: 16, sl: 19 }, n = sa) => mentionsIn(text, own, VPC, n).map((m) => [m.kind, m.to]);
  assert.equal(at('न मां दुष्कृतिनः [17।15]'), [['gita', 'BG7.15']], 'the words are 7.15\'s');
  assert.equal(at('नासतो विद्यते भावः (गीता 3।16)', { ch: 18, sl: 48 }), [['gita', 'BG2.16']]);
  // The words fit the verse cited: as written.
  assert.equal(at('न मां दुष्कृतिनः [7।15]'), [['gita', 'BG7.15']]);
  // They fit best a verse more than a digit away (13.20's words, written 13.19): as written.
  assert.equal(at('प्रकृतिं पुरुषं चैव विद्ध्यनादी उभावपि 13।19', { ch: 7, sl: 6 }), [['gita', 'BG13.19']]);
  // In Hindi or English the words before a number are prose: as written.
  assert.equal(at('न मां दुष्कृतिनः [17।15]', undefined, { verseWords: words, sanskrit: false }), [['gita', 'BG17.15']]);
});

test('the graph of the served texts: every cites has its citedBy, no verse cites itself, counts add up', () => {
  const versesPerChapter = content.chapters.map((c) => c.record.verses_count);
  const graph = mineLinks(content.verses.map((v) => v.record), versesPerChapter);
  const byRef = new Map(graph.verses.map((v) => [v.ref, v]));
  let cites = 0;
  for (const v of graph.verses) {
    for (const c of v.cites) {
      cites++;
      assert.is.not(c.to, v.ref, `${v.ref} cites itself`);
      const m = /^BG(\d+)\.(\d+)(?:-(\d+))?$/.exec(c.to)!;
      assert.ok(m, c.to);
      for (let sl = Number(m[2]); sl <= Number(m[3] ?? m[2]); sl++) {
        if (`BG${m[1]}.${sl}` === v.ref) continue;
        const target = byRef.get(`BG${m[1]}.${sl}`);
        assert.ok(target, `${v.ref} cites ${c.to}, which is not a record`);
        assert.ok(target!.citedBy.some((b) => b.from === v.ref && b.by === c.by && b.field === c.field), `${c.to} lacks citedBy from ${v.ref}`);
      }
    }
    for (const b of v.citedBy) assert.ok(byRef.get(b.from)!.cites.some((c) => c.by === b.by && c.field === b.field), `${v.ref} citedBy ${b.from} without its cites`);
  }
  assert.is(graph.counts.cites, cites);
  assert.ok(cites > 2500, `cites: ${cites}`);
  assert.ok(graph.counts.external.named > 1500, `external citations named: ${graph.counts.external.named}`);
  // BG3.5's rams.hc cites BG18.15, "गीता 18। 15" as written (the example of the links route).
  const bg35 = byRef.get('BG3.5')!;
  assert.ok(bg35.cites.some((c) => c.to === 'BG18.15' && c.by === 'rams' && c.field === 'hc'), JSON.stringify(bg35.cites));
  // A commentary on a group of verses: raman.et at BG1.26 is on 1.26-47.
  assert.ok(byRef.get('BG1.26')!.covers.some((c) => c.by === 'raman' && c.range.startsWith('BG1.26-')), JSON.stringify(byRef.get('BG1.26')!.covers));
  const works = new Set(graph.works.map((w) => w.work));
  for (const w of ['Chāndogya Upaniṣad', 'Brahma-sūtra', 'Mahābhārata', 'Bhāgavata Purāṇa', 'Yoga-sūtra', 'Brahma-saṁhitā', 'Rāmcaritmānas', 'Ṛg Veda']) assert.ok(works.has(w), `${w} among the works`);
  assert.not.ok(works.has('Bhagavad-gītā'), 'the Gita is not another work');
  // How each is written: the labels themselves, without the words that lead to them.
  const chandogya = graph.works.find((w) => w.work === 'Chāndogya Upaniṣad')!;
  for (const w of ['छा0 उ0', 'Cha. U.']) assert.ok(chandogya.written.includes(w), `${w} in ${JSON.stringify(chandogya.written)}`);
  for (const w of graph.works) for (const x of w.written) assert.not.match(x, /^(?:see|cf\.|and|in)\s/i, `${w.work}: ${x}`);
});

test('abhinav.sc: after the repair, "RV. X. 90. 3" is the Ṛg Veda; upstream has it with "?"', async () => {
  const { upstream } = await repairedUpstream();
  const at = (c: Content) => (c.verses.find((v) => v.record._id === 'BG10.19')!.record as unknown as Record<string, Record<string, string>>).abhinav.sc;
  assert.match(at(upstream), 'RV? X? 90? 3');
  const mentions = read(at(content), { ch: 10, sl: 19 });
  const rv = mentions.find((m) => at(content).slice(m.start, m.end).startsWith('90'));
  assert.is(rv?.work, 'Ṛg Veda');
});

test.run();

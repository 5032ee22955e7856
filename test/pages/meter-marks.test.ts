// The meter on a reading page (src/pages/meter-marks.ts), as HTML: the
// meter's name, then under a <details> each syllable of the verse with its
// mark over it, grouped into the written words, the breaking syllables
// marked; nothing for a colophon. The marks are shapes, each language's own
// (src/pages/meter-shapes.ts): the outlines of – ˘, ऽ ।, U I in the
// project's fonts. The page as a person sees it is meter-browser.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanVerse } from '../../src/content/meter/scan.ts';
import { meterBlock as block, meterStyle } from '../../src/pages/meter-marks.ts';
import { MARK_CONVENTIONS } from '../../src/pages/meter-shapes.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { outline, shape } from '../../src/card/glyphs.ts';

const meterBlock = (...args: Parameters<typeof block>) => {
  const made = block(...args);
  return typeof made === 'string' ? made : made.html;
};

const BG2_47 = scanVerse('BG2.47', 'कर्मण्येवाधिकारस्ते मा फलेषु कदाचन |\nमा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि ||२-४७||');
/** Each syllable as the block shows it: its text, then its mark's weight (G, L) and what a screen reader says for it. */
const marks = (html: string) => [...html.matchAll(/<span class="sy(?: break)?"><span class="mk (G|L)" role="img" aria-label="([^"]*)"><\/span>([^<]*)<\/span>/g)].map((m) => `${m[3].replace(/&#39;/g, "'")} ${m[1]} ${m[2]}`);

test('the name, then every syllable with its mark, in the verse\'s order, its words kept apart', () => {
  const html = meterBlock(BG2_47, 'en');
  assert.match(html, /^<details class="meter"><summary>Meter: <span lang="sa-Latn">anuṣṭubh<\/span>/);
  const expected = BG2_47.padas.flatMap((p) => p.syllables.map((s) => `${s.iast} ${s.weight} ${s.weight === 'G' ? 'heavy' : 'light'}`));
  assert.equal(marks(html), expected);
  assert.is(expected.length, 32);
  // mā phaleṣu kadācana: three words, one span each; the pāda's form after it.
  const second = html.split('<span class="pada">')[2];
  assert.is(second.split('<span class="w">').length - 1, 3);
  assert.match(second, /<span class="form">pathyā<\/span>/);
});

test('a pāda that does not scan: its breaking syllables marked, the form said so', () => {
  const v = scanVerse('BG2.46', 'यावानर्थ उदपाने सर्वतः सम्प्लुतोदके |\nतावान्सर्वेषु वेदेषु ब्राह्मणस्य विजानतः ||२-४६||');
  const html = meterBlock(v, 'en');
  assert.equal([...html.matchAll(/<span class="sy break"><span[^>]*><\/span>([^<]*)</g)].map((m) => m[1]), ['da']);
  // The form the scansion words in English is the page's words, marked so inside the IAST; in Hindi and Telugu their own.
  assert.match(html, /<span class="form" lang="en">irregular, does not scan here<\/span>/);
  assert.match(meterBlock(v, 'hi'), /<span class="form" lang="hi">अनियमित, यहाँ छन्द नहीं बैठता<\/span>/);
  assert.match(meterBlock(v, 'te'), /<span class="form" lang="te">క్రమరహితం, ఇక్కడ ఛందస్సు కుదరదు<\/span>/);
});

test('in Hindi and Telugu the name in their letters too, and their prosody\'s words; a colophon or a text with no syllables shows nothing; the text is escaped', () => {
  assert.match(meterBlock(BG2_47, 'hi'), /छन्द: <span lang="sa">अनुष्टुभ्<\/span> <span lang="sa-Latn">\(anuṣṭubh\)<\/span>/);
  // Telugu: ఛందస్సు (meter), గురువు and లఘువు (heavy and light), పాదం; no English, nothing marked as another language but the IAST.
  const te = meterBlock(BG2_47, 'te');
  assert.match(te, /^<details class="meter"><summary>ఛందస్సు: అనుష్టుప్ <span lang="sa-Latn">\(anuṣṭubh\)<\/span> · <span class="muted">లఘు, గురు అక్షరాలు<\/span><\/summary>/);
  // The legend's words, whatever draws its marks.
  assert.match(/<p class="muted">([\s\S]*?)<\/p><\/details>$/.exec(te)![1].replace(/<[^>]*>/g, ''), /^–? ?గురువు, ˘? ?లఘువు; పాదం /);
  assert.not.match(te, /lang="en"|heavy|light|Meter/);
  assert.is(meterBlock({ ref: 'BG2.73', meter: 'prose', padas: [], regular: true, notes: [] }, 'en'), '');
  assert.is(meterBlock(undefined, 'en'), '');
  const hostile = { ...BG2_47, padas: [{ ...BG2_47.padas[0], syllables: [{ text: 'क', iast: '<b>x</b>', weight: 'G' as const }] }] };
  assert.not.ok(meterBlock(hostile, 'en').includes('<b>'));
});

test('each language its own marks: every syllable\'s named by the weight in the page\'s language, the legend\'s – and ˘ drawn as those marks', () => {
  for (const lang of ['en', 'hi', 'te'] as const) {
    const html = meterBlock(BG2_47, lang);
    const L = READING_LABELS[lang].meter;
    assert.equal(marks(html), BG2_47.padas.flatMap((p) => p.syllables.map((s) => `${s.iast} ${s.weight} ${L.weights[s.weight]}`)), lang);
    const legend = /<p class="muted">([\s\S]*?)<\/p><\/details>$/.exec(html)![1];
    assert.is(legend, L.legend.replace('–', '<span class="mk G" aria-hidden="true"></span>').replace('˘', '<span class="mk L" aria-hidden="true"></span>'), lang);
    assert.not.match(legend, /[–˘]/);
  }
  assert.equal(READING_LABELS.hi.meter.weights, { G: 'गुरु', L: 'लघु' });
  assert.equal(READING_LABELS.te.meter.weights, { G: 'గురువు', L: 'లఘువు' });
});

test('the marks\' shapes: the outlines of – ˘ (English), ऽ । (Hindi), U I (Telugu) from the project\'s fonts, as masks, each page its language\'s two', () => {
  assert.equal(
    Object.fromEntries(Object.entries(MARK_CONVENTIONS).map(([lang, c]) => [lang, [c.G.char, c.L.char]])),
    { en: ['–', '˘'], hi: ['ऽ', '।'], te: ['U', 'I'] },
  );
  const outlineOf = (m: { char: string; face: 'dev' | 'bold' | 'latin' | 'italic' }) => outline(shape(m.char, m.face).glyphs[0].key);
  for (const [lang, c] of Object.entries(MARK_CONVENTIONS) as Array<[keyof typeof MARK_CONVENTIONS, (typeof MARK_CONVENTIONS)['en']]>) {
    const style = meterStyle(lang);
    for (const w of ['G', 'L'] as const) {
      const rule = style.split('\n').find((r) => r.startsWith(`.meter .mk.${w}{`));
      assert.ok(rule, `${lang} ${w}: no rule`);
      const d = outlineOf(c[w]);
      assert.ok(d.length > 10 && rule!.includes(` d='${d}'`), `${lang} ${w}: the outline of ${c[w].char}`);
      assert.match(rule!, /;--m:url\("data:image\/svg\+xml,%3Csvg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='-?\d+ -?\d+ \d+ \d+'%3E/);
      const data = /url\("data:image\/svg\+xml,([^"]*)"\)/.exec(rule!)![1];
      assert.not.match(data, /[<>#]/, 'a data: URL with < > # escaped');
    }
    // Only this language's shapes.
    for (const [other, o] of Object.entries(MARK_CONVENTIONS)) if (other !== lang) assert.not.ok(style.includes(outlineOf(o.G)), `${lang}: ${other}'s ${o.G.char}`);
    // No font is named for the marks: they are drawn where the page is, in any font.
    assert.not.match(style, /font-family/);
    assert.is(meterStyle(lang), style, 'made once');
  }
});

test.run();

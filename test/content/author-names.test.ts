// The authors' names in Devanagari and in Telugu (src/content/author-names.ts): one entry
// for every commentary of the content, none for a key it does not hold, each
// a name in Devanagari letters, and the pages' choice of it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AUTHOR_NAMES_HI, AUTHOR_NAMES_TE, authorName } from '../../src/content/author-names.ts';
import { commentaries } from '../../src/content/facts.ts';
import { readContent } from '../../src/content/read.ts';
import { COMMENTARY_KEYS, OPTIONAL_COMMENTARIES } from '../../src/content/schema.ts';
import { SHARED_DATA } from '../helpers/fs.ts';

const people = commentaries((await readContent(SHARED_DATA)).verses.map((v) => v.record));

test('every commentary key of the content has exactly one name, and the table names no other key', () => {
  assert.is(people.length, 22);
  const keys = people.map((p) => p.key);
  assert.equal(Object.keys(AUTHOR_NAMES_HI).sort(), [...keys].sort());
  assert.is(new Set(keys).size, keys.length, 'one commentary per key in the content');
  // The schema's keys too, the 21 and those known beyond them.
  for (const key of [...COMMENTARY_KEYS, ...OPTIONAL_COMMENTARIES.map((c) => c.key)]) assert.ok(Object.hasOwn(AUTHOR_NAMES_HI, key), key);
});

test('each name is Devanagari: its letters are of the script, in NFC, with single spaces and no stray marks', () => {
  const names = Object.entries(AUTHOR_NAMES_HI);
  for (const [key, name] of names) {
    // Letters and signs of the Devanagari block (no danda), a space between words, and the period of an abbreviation (डॉ., ए.सी.).
    assert.match(name, /^[\u0900-\u0963\u0966-\u097F]+(?:[ .]+[\u0900-\u0963\u0966-\u097F]+)*\.?$/u, `${key}: ${name}`);
    assert.not.match(name, /[A-Za-z]/, key);
    assert.is(name, name.normalize('NFC'), `${key} in NFC`);
    assert.not.match(name, /\s{2}|^\s|\s$/, key);
  }
  assert.is(new Set(names.map(([, n]) => n)).size, names.length, 'no two keys share a name');
});

test('the names a reader will recognise, as their publishers print them', () => {
  assert.is(AUTHOR_NAMES_HI.tej, 'स्वामी तेजोमयानन्द');
  assert.is(AUTHOR_NAMES_HI.rams, 'स्वामी रामसुखदास');
  assert.is(AUTHOR_NAMES_HI.sankar, 'श्री शंकराचार्य');
  // Madhva, not Mādhavācārya (माधवाचार्य), whatever the record's "Madhavacharya" spells.
  assert.is(AUTHOR_NAMES_HI.madhav, 'श्री मध्वाचार्य');
});

test('a Hindi page names an author from the table, an English page as the record does; a key the table lacks keeps the record\'s name', () => {
  assert.is(authorName('rams', 'Swami Ramsukhdas', 'hi'), 'स्वामी रामसुखदास');
  assert.is(authorName('rams', 'Swami Ramsukhdas', 'en'), 'Swami Ramsukhdas');
  assert.is(authorName('newcomer', 'A New Author', 'hi'), 'A New Author');
  assert.is(authorName('toString', 'Not a prototype', 'hi'), 'Not a prototype', 'only the table\'s own keys');
});

test('the Telugu table: the same keys, each name in Telugu letters, the same persons as the Devanagari', () => {
  assert.equal(Object.keys(AUTHOR_NAMES_TE).sort(), Object.keys(AUTHOR_NAMES_HI).sort());
  const names = Object.entries(AUTHOR_NAMES_TE);
  for (const [key, name] of names) {
    // Letters and signs of the Telugu block, a space between words, and the period of an abbreviation (డా., ఏ.సి.).
    assert.match(name, /^[\u0C00-\u0C63\u0C66-\u0C7F]+(?:[ .]+[\u0C00-\u0C63\u0C66-\u0C7F]+)*\.?$/u, `${key}: ${name}`);
    assert.is(name, name.normalize('NFC'), `${key} in NFC`);
    // As many words as the Devanagari name: the same person, titles and all, in the other script.
    assert.is(name.split(' ').length, AUTHOR_NAMES_HI[key].split(' ').length, `${key}: ${name} beside ${AUTHOR_NAMES_HI[key]}`);
  }
  assert.is(new Set(names.map(([, n]) => n)).size, names.length, 'no two keys share a name');
  assert.is(authorName('chinmay', 'Swami Chinmayananda', 'te'), 'స్వామి చిన్మయానంద');
  assert.is(authorName('newcomer', 'A New Author', 'te'), 'A New Author');
});

test.run();

// The server's drawing thread: the same PNG bytes as a drawing in this
// thread, answers matched to their requests when several are drawn at once,
// an error for what resvg cannot draw (and the thread still drawing after
// it), and the thread ending when idle and starting again at the next card.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { renderCard } from '../../src/card/card.ts';
import { drawingThread, drawingThreads } from '../../src/card/draw-thread.ts';
import { cardPng, pngSize } from '../../src/card/png.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';

const chapter = { chapter_number: 2, verses_count: 72, name: 'सांख्ययोग', translation: 'Sankhya Yoga', transliteration: 'Sankhya Yog', meaning: { en: 'x', hi: 'y' }, summary: { en: 'x', hi: 'y' } } as ChapterRecord;
const verse = (n: number) =>
  ({
    _id: `BG2.${n}`, chapter: 2, verse: n,
    slok: `कर्मण्येवाधिकारस्ते मा फलेषु कदाचन |\nमा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि ||२-${n}||`,
    transliteration: `karmaṇyevādhikāraste mā phaleṣu kadācana ||2-${n}||`,
    siva: { author: 'Swami Sivananda', et: `2.${n} Thy right is to work only, but never with its fruits.` },
  }) as unknown as VerseRecord;
const rejects = async (p: Promise<unknown>, re: RegExp) => {
  const err = await p.then(() => null, (e: Error) => e);
  assert.ok(err, 'expected a rejection');
  assert.match(err.message, re);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('the same bytes as a drawing here, and each answer to its own card when four are drawn at once on two threads', async () => {
  const thread = drawingThreads(2, 60_000);
  try {
    const cards = [47, 48, 49, 50].map((n, i) => ({ svg: renderCard(verse(n), chapter, i % 2 ? 'dark' : 'light'), theme: (i % 2 ? 'dark' : 'light') as 'light' | 'dark' }));
    const drawn = await Promise.all(cards.map((c) => thread.draw(c.svg, c.theme)));
    assert.equal(pngSize(drawn[0]), { width: 1200, height: 630 });
    assert.equal(drawn.map(sha), cards.map((c) => sha(cardPng(c.svg, c.theme))));
    assert.is(new Set(drawn.map(sha)).size, 4);
    assert.is(thread.running, 2, 'both threads drew');
    assert.is(thread.pending, 0);
  } finally {
    await thread.close();
  }
});

test('what resvg cannot draw is an error naming it, and the thread draws on', async () => {
  const thread = drawingThread(60_000);
  try {
    await rejects(thread.draw('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><unclosed', 'light'), /resvg could not draw the card/);
    const png = await thread.draw(renderCard(verse(47), chapter, 'light'), 'light');
    assert.is(sha(png), sha(cardPng(renderCard(verse(47), chapter, 'light'), 'light')));
  } finally {
    await thread.close();
  }
});

test('the thread ends when it has had nothing to draw, and starts again for the next card', async () => {
  const thread = drawingThread(100);
  try {
    assert.is(thread.running, 0, 'no thread before the first card');
    await thread.draw(renderCard(verse(47), chapter, 'light'), 'light');
    assert.is(thread.running, 1);
    for (let i = 0; i < 50 && thread.running; i++) await sleep(20);
    assert.is(thread.running, 0, 'ended after 100 ms idle');
    const png = await thread.draw(renderCard(verse(48), chapter, 'dark'), 'dark');
    assert.is(sha(png), sha(cardPng(renderCard(verse(48), chapter, 'dark'), 'dark')));
    assert.is(thread.running, 1);
  } finally {
    await thread.close();
  }
});

test('closed, the thread fails what it had not drawn', async () => {
  const thread = drawingThread(60_000);
  const pending = rejects(thread.draw(renderCard(verse(47), chapter, 'light'), 'light'), /closed/);
  await thread.close();
  await pending;
  assert.is(thread.running, 0);
});

test.run();

// The card's own words, per language: a Hindi card (data-lang="hi") speaks
// Hindi around the verse as the Hindi reading page does. References keep the
// international digits, as the reading pages write them ("श्रीमद्भगवद्गीता 2.47").
import { BOOK_NAME } from '../content/book-name.ts';
import type { CardLang } from './options.ts';

export interface CardLabels {
  /** The work's name before a reference, as the reading page's heading. */
  book: string;
  /** The card of a verse whose request failed. */
  failed: string;
}

export const CARD_LABELS: Record<CardLang, CardLabels> = {
  en: { book: BOOK_NAME.en, failed: 'The verse could not be loaded; the link opens it.' },
  hi: { book: BOOK_NAME.hi, failed: 'श्लोक लोड नहीं हो सका; लिंक खोलकर उसे पढ़ें।' },
};

// Texts that stand where a commentator had nothing to say on a verse:
// "<author> did not comment on this sloka" (1,441 texts), "There is no
// purport for this verse" (34), "।।13.1।।No commentary." The records keep
// them (they are upstream's); nothing made for a reader shows one as a
// translation or commentary: cards, reading pages, MCP text, search, word
// lists and downloads all ask isPlaceholder, and only it.
import { PLACEHOLDER, textBody } from './references.ts';

/**
 * Longest a placeholder runs: the sentence, its author's name and a pointer
 * ("The commentary starts from 2.11."). Two real commentaries of BG1.47
 * (anand.sc, ms.sc, 1,436 and 9,853 characters) quote such a sentence
 * about another commentator in their middle: they are text.
 */
const LONGEST = 200;
/** "No commentary." after the reference, or after siva.ec's word list ("No Commentary."). */
const NO_COMMENTARY = /^(?:--\s*)?No commentary\.?,?$/i;

/** Is the whole of `text` a placeholder, saying only that there is nothing to say? */
export function isPlaceholder(text: string): boolean {
  const body = textBody(text).trim();
  return (body.length <= LONGEST && PLACEHOLDER.test(body)) || NO_COMMENTARY.test(body);
}

/** Is `text` something to show a reader: a string with words in it beyond its verse reference, not a placeholder? */
export const isReadable = (text: unknown): text is string => typeof text === 'string' && textBody(text).trim() !== '' && !isPlaceholder(text);

// What of a verse's text is measured: its lines, as the verse-text rules
// read them. Not measured: the verse's end mark (||2-47||), a note of a
// variant reading, "(or लोव्यनु)", "(var अशेषाणि)", which is an editor's word
// and no part of the verse, the dandas, and a speaker line (अर्जुन उवाच,
// श्रीभगवानुवाच), which introduces the verse and is outside its meter.

export interface MeasuredText {
  /** The lines measured, in order, their marks taken off (a hyphen that joins a word broken across lines stays). */
  lines: string[];
  /** What was left out, and why, in a line each. */
  left: string[];
}

/** The end mark, in either script's digits: ||2-47||, ।।2.47।।, ॥१८॥. */
const END_MARK = /(?:\|\||।।|॥)[^|।॥]*(?:\|\||।।|॥)/g;
/** A note of a variant reading: (or X), (var X); any other bracket is an editor's too. */
const NOTE = /\([^)]*\)/g;
/** The Gita's speakers, as the Devanagari (gita/gita's: श्री भगवानुवाच) and the DCS's IAST write them. */
const SPEAKERS = 'धृतराष्ट्र|सञ्जय|संजय|अर्जुन|श्री ?भगवान्?|dhṛtarāṣṭraḥ?|saṃjayaḥ?|sañjayaḥ?|arjunaḥ?|śrī ?bhagavān';
/**
 * A line that only names who speaks (अर्जुन उवाच, श्रीभगवानुवाच, saṃjayaḥ
 * uvāca), or begins the first line of a text that has no lines (the DCS's
 * "saṃjayaḥ uvāca dṛṣṭvā tu..."). By the speaker's name: "uvāca" alone is a
 * word of verses too (तमुवाच हृषीकेशः, 2.10).
 */
const SPEAKER = new RegExp(`^(?:${SPEAKERS})\\s*(?:उवाच|ुवाच|uvāca)(?:\\s+|$)`);
/** The dandas and their stand-ins at a line's end or inside it. */
const DANDAS = /[|।॥]+|(?<=\s|^)\.(?=\s|$)/g;

/** The measured lines of a verse's text (Devanagari or IAST). */
export function measuredText(text: string): MeasuredText {
  const left: string[] = [];
  const marks = text.match(END_MARK);
  if (marks) left.push(`the end mark ${marks.join(' ')}`);
  let body = text.replace(END_MARK, ' ');
  for (const m of body.matchAll(NOTE)) left.push(`the note ${m[0].trim()}: an editor's word, not the verse's`);
  body = body.replace(NOTE, ' ');
  const lines: string[] = [];
  for (const raw of body.split(/\r?\n/)) {
    let line = raw.replace(DANDAS, ' ').replace(/\s+/g, ' ').trim();
    if (!line) continue;
    // A speaker stands on a line of its own anywhere (BG1.21 has one between its halves), or at the head of a text's first line.
    const speaker = SPEAKER.exec(line)?.[0];
    if (speaker && (speaker.length === line.length || !lines.length)) {
      left.push(`the speaker line ${speaker.trim()}: it introduces the verse, outside its meter`);
      line = line.slice(speaker.length);
    }
    if (line) lines.push(line);
  }
  return { lines, left };
}

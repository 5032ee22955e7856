// Projections without JSON.parse or JSON.stringify: a record's compact JSON
// is scanned once for where each key's value starts and ends (and, inside a
// commentary, each text field's), and a projected answer is cut from those
// slices. Compact JSON from JSON.stringify has no whitespace, and in UTF-8 the
// bytes `"` and `\` never occur inside a multi-byte character, so a byte scan
// is exact. The result equals JSON.stringify of the projected object. (One
// value may be written anew: the transliteration with marks=iast.)
import { keyPlan, type Projection } from '../content/projection.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** One `"key":value` member: its key, and where the member and its value start and end. */
export interface Member {
  key: string;
  /** The member's first byte (the key's opening quote) and one past its value. */
  start: number;
  end: number;
  valueStart: number;
  /** The members of an object value (a commentary), else null. */
  members: Member[] | null;
}

/**
 * One past the string that opens at `i`. The next quote is found by the
 * engine's indexOf (a commentary runs to kilobytes, and a loop over its bytes
 * was a third of a projection's time); it closes the string unless an odd
 * run of backslashes escapes it.
 */
function skipString(b: Uint8Array, i: number): number {
  for (let q = i; ; ) {
    q = b.indexOf(QUOTE, q + 1);
    if (q < 0) throw new Error('unterminated string');
    let k = q - 1;
    while (b[k] === BACKSLASH) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1;
  }
}

/** One past the value that starts at `i` (any JSON value, compact). */
function skipValue(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === QUOTE) return skipString(b, i);
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    let depth = 0;
    for (; i < b.length; i++) {
      const x = b[i];
      if (x === QUOTE) i = skipString(b, i) - 1;
      else if (x === OPEN_OBJECT || x === OPEN_ARRAY) depth++;
      else if (x === CLOSE_OBJECT || x === CLOSE_ARRAY) {
        if (--depth === 0) return i + 1;
      }
    }
    throw new Error('unterminated value');
  }
  // A number, true, false or null: up to the next comma or closing bracket.
  while (i < b.length && b[i] !== COMMA && b[i] !== CLOSE_OBJECT && b[i] !== CLOSE_ARRAY) i++;
  return i;
}

const decoder = new TextDecoder();
/**
 * The field names, one string each: the same hundred or so names recur in
 * every record, and the indexes of up to SLICE_INDEXES_HELD records are kept
 * (served.ts), so each name decoded anew would be tens of thousands of
 * strings held per worker.
 */
const names = new Map<string, string>();
const intern = (s: string) => {
  const known = names.get(s);
  if (known !== undefined) return known;
  if (names.size < 10_000) names.set(s, s);
  return s;
};

/** The members of the object that opens at `at`; `nested`: also index the members of its object values. */
function members(b: Uint8Array, at: number, nested: boolean): Member[] {
  if (b[at] !== OPEN_OBJECT) throw new Error('not an object');
  const out: Member[] = [];
  let i = at + 1;
  if (b[i] === CLOSE_OBJECT) return out;
  for (;;) {
    const start = i;
    const keyEnd = skipString(b, i);
    // Keys here are plain (field names): no escapes to undo.
    const key = intern(decoder.decode(b.subarray(start + 1, keyEnd - 1)));
    const valueStart = keyEnd + 1; // past the colon
    const end = skipValue(b, valueStart);
    out.push({ key, start, end, valueStart, members: nested && b[valueStart] === OPEN_OBJECT ? members(b, valueStart, false) : null });
    i = end;
    if (b[i] === COMMA) i++;
    else if (b[i] === CLOSE_OBJECT) return out;
    else throw new Error(`unexpected byte at ${i}`);
  }
}

/** Where each member of a compact record is (commentaries' members too). */
export function indexRecord(bytes: Uint8Array): Member[] {
  return members(bytes, 0, true);
}

const BRACE_OPEN = Buffer.from('{');
const BRACE_CLOSE = Buffer.from('}');
const SEP = Buffer.from(',');

/**
 * The projection of a compact record, as the list of byte slices that make it
 * (concatenate them for the answer). `isCommentary` names the commentary keys.
 */
export function projectSlices(bytes: Buffer, index: readonly Member[], p: Projection, isCommentary: (key: string) => boolean): Buffer[] {
  const plan = keyPlan(p);
  const out: Buffer[] = [BRACE_OPEN];
  let first = true;
  const put = (...parts: Buffer[]) => {
    if (!first) out.push(SEP);
    first = false;
    out.push(...parts);
  };
  for (const m of index) {
    if (!isCommentary(m.key) || !m.members) {
      if (!plan.plain(m.key)) continue;
      const written = bytes[m.valueStart] === QUOTE ? plan.written(m.key) : null;
      // A string written otherwise (marks=iast): this one value is parsed and written again, as JSON.stringify writes it.
      if (written) put(bytes.subarray(m.start, m.valueStart), Buffer.from(JSON.stringify(written(JSON.parse(bytes.toString('utf8', m.valueStart, m.end)) as string))));
      else put(bytes.subarray(m.start, m.end));
      continue;
    }
    const keep = plan.texts(m.key);
    if (!keep) continue;
    const kept = m.members.filter((f) => f.key === 'author' || keep === 'all' || keep.has(f.key));
    const texts = kept.filter((f) => f.key !== 'author').length;
    if (!texts) continue;
    if (kept.length === m.members.length) {
      put(bytes.subarray(m.start, m.end));
      continue;
    }
    // `"key":{` then the kept members, comma-separated, then `}`.
    const inner: Buffer[] = [bytes.subarray(m.start, m.valueStart + 1)];
    kept.forEach((f, i) => {
      if (i) inner.push(SEP);
      inner.push(bytes.subarray(f.start, f.end));
    });
    inner.push(BRACE_CLOSE);
    put(...inner);
  }
  out.push(BRACE_CLOSE);
  return out;
}

export const projectBytes = (bytes: Buffer, index: readonly Member[], p: Projection, isCommentary: (key: string) => boolean) =>
  Buffer.concat(projectSlices(bytes, index, p, isCommentary));

// Progress for long work (the import, the build, `npm start`'s preparation).
// On a terminal the stage under way is one line redrawn in place, with a bar
// when its total is known, and each stage leaves a counted line when it ends.
// In a log (a pipe, a file, CI) each stage prints plain lines: when it starts,
// every few seconds while it runs long, and when it ends. Colour only on a
// terminal, and never when NO_COLOR (https://no-color.org) or CI is set.
import { formatBytes } from './format.ts';

export interface Reporter {
  (message: string, done?: number, total?: number): void;
  /** End the stage under way (its last line printed) before a summary is printed. */
  end(): void;
}

/** Set and not "0" or "false" (CI=true, CI=1, as CI services set it). */
const isSet = (value: string | undefined) => !!value && value !== '0' && value.toLowerCase() !== 'false';

/** How progress is shown on `stream`: redrawn in place (`live`) or as plain lines, and whether in colour. */
export function progressStyle(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env) {
  const live = !!stream.isTTY && !isSet(env.CI);
  // NO_COLOR counts when set to anything but the empty string.
  return { live, colour: live && !env.NO_COLOR && env.TERM !== 'dumb' };
}

/** In a log, how often a long stage says how far it got. */
const PLAIN_EVERY_MS = 5_000;
/** On a terminal, how often the line is redrawn. */
const LIVE_EVERY_MS = 100;
const BAR_WIDTH = 24;

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function reporter(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number } = process.stderr, quiet = false, env: NodeJS.ProcessEnv = process.env): Reporter {
  const { live, colour } = progressStyle(stream, env);
  const paint = (code: string, text: string) => (colour ? `\x1b[${code}m${text}\x1b[39;22m` : text);
  let phase = '';
  let started = 0;
  let last: { done?: number; total?: number } = {};
  let drawnAt = 0;
  let drawnWidth = 0;

  // "4,210/15,438", "1.20 MB" (a download), "731"
  const amount = (message: string, done?: number, total?: number) =>
    done === undefined ? '' : message.includes('downloading') ? formatBytes(done) + (total ? ` of ${formatBytes(total)}` : '') : total ? `${count(done)}/${count(total)}` : count(done);

  const bar = (done: number, total: number) => {
    const filled = Math.min(BAR_WIDTH, Math.round((done / total) * BAR_WIDTH));
    return `${filled ? paint('32', '#'.repeat(filled)) : ''}${'-'.repeat(BAR_WIDTH - filled)} ${String(Math.floor((done / total) * 100)).padStart(3)}%`;
  };

  // Redrawn with a carriage return and spaces, no cursor codes: what a terminal shows is all the bytes say.
  const draw = (text: string, width: number) => {
    stream.write(`\r${text}${' '.repeat(Math.max(0, drawnWidth - width))}`);
    drawnWidth = width;
  };
  const fit = (text: string) => {
    const room = (stream.columns ?? 80) - 1;
    return text.length > room ? text.slice(0, room - 1) + '…' : text;
  };

  const finish = () => {
    if (!phase) return;
    const took = seconds(Date.now() - started);
    const what = amount(phase, last.done, last.total);
    const line = `${phase}${what ? ` ${what}` : ''}, ${took}`;
    if (live) {
      const shown = fit(line);
      draw(`${paint('32', '✓')} ${shown}`, shown.length + 2);
      stream.write('\n');
      drawnWidth = 0;
    } else stream.write(`${phase}: done${what ? `, ${what}` : ''} in ${took}\n`);
    phase = '';
  };

  const report = ((message: string, done?: number, total?: number) => {
    if (quiet) return;
    const now = Date.now();
    if (message !== phase) {
      finish();
      phase = message;
      started = now;
      drawnAt = 0;
      if (!live) {
        stream.write(`${message}...\n`);
        drawnAt = now;
      }
    }
    last = { done, total };
    if (now - drawnAt < (live ? LIVE_EVERY_MS : PLAIN_EVERY_MS) && !(live && done !== undefined && done === total)) return;
    drawnAt = now;
    const what = amount(message, done, total);
    if (!live) {
      if (what) stream.write(`${message}: ${what}\n`);
      return;
    }
    const plainBar = done !== undefined && total ? bar(done, total) : '';
    const text = fit(`${message} ${what}`.trimEnd());
    const barWidth = plainBar ? BAR_WIDTH + 5 : 0;
    const room = (stream.columns ?? 80) - 1 - text.length - 1;
    const shown = plainBar && room >= barWidth ? `${text} ${plainBar}` : text;
    draw(shown, shown === text ? text.length : text.length + 1 + barWidth);
  }) as Reporter;
  report.end = () => {
    if (!quiet) finish();
  };
  return report;
}

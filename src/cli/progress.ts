// Progress for long work. On a terminal one line is redrawn in place; in a
// log (CI, a pipe) each phase is printed once, so logs stay short.
import { formatBytes } from './format.ts';

export interface Reporter {
  (message: string, done?: number, total?: number): void;
  /** Clear the progress line before the summary is printed. */
  end(): void;
}

export function reporter(stream: NodeJS.WriteStream = process.stderr, quiet = false): Reporter {
  const tty = !!stream.isTTY;
  let phase = '';
  let drawn = 0;
  const report = ((message: string, done?: number, total?: number) => {
    if (quiet) return;
    if (!tty) {
      if (message !== phase) stream.write(`${message}...\n`);
      phase = message;
      return;
    }
    const now = Date.now();
    if (message === phase && now - drawn < 100 && done !== total) return;
    phase = message;
    drawn = now;
    const amount = done === undefined ? '' : total ? ` ${Math.floor((done / total) * 100)}%` : ` ${message.startsWith('downloading') ? formatBytes(done) : done}`;
    stream.write(`\r\x1b[K${message}${amount}`);
  }) as Reporter;
  report.end = () => {
    if (tty && phase && !quiet) stream.write('\r\x1b[K');
    phase = '';
  };
  return report;
}

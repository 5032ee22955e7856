// The one way a server process stops, whatever it runs on and whether it
// serves requests itself (Node, Deno, Bun, a worker) or has workers serve
// them (the primaries of supervisor.ts): on SIGTERM or SIGINT (or its primary
// asking), once however often it is asked, it says why, lets what is in
// flight finish, says `stopped` and exits 0. The log is flushed before the
// exit: process.exit drops what is still buffered.
import type { RequestLog } from './log.ts';

export type Stop = (reason: string) => Promise<void>;

/**
 * The stop of this process: `finish` lets the in-flight work end and closes
 * what must be closed (the server, then the stores). `doing` is what the log
 * says is happening meanwhile.
 */
export function stopOnce(log: RequestLog, doing: string, finish: () => Promise<void>): Stop {
  let stopping = false;
  return async (reason) => {
    if (stopping) return;
    stopping = true;
    log.line(`${reason}: ${doing}`);
    await finish();
    log.line('stopped');
    log.flush();
    // node:process's exit, also under Deno (not Deno.exit): only it runs the 'exit' listeners (the data folder's lock is released there).
    process.exit(0);
  };
}

type SignalListener = (signal: 'SIGTERM' | 'SIGINT', handler: () => void) => void;

/**
 * Stop on SIGTERM or SIGINT. `listen`: how this runtime is told of a signal
 * (Deno: Deno.addSignalListener). The listeners stay for as long as the
 * process runs: a signal often comes twice (Ctrl-C or systemd signal the whole
 * process group, and npm passes the same signal on to the server once more),
 * and with no listener left the second would kill the process mid-stop, before
 * the last counts are written. stopOnce makes the later ones nothing.
 */
export function stopOnSignals(stop: Stop, listen: SignalListener = (signal, handler) => void process.on(signal, handler)): void {
  listen('SIGTERM', () => void stop('SIGTERM'));
  listen('SIGINT', () => void stop('SIGINT'));
}

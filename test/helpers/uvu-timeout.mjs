// uvu with a time limit on every test and hook. test/run.mjs resolves the
// test files' `import ... from 'uvu'` to this module (test/helpers/uvu-hooks.mjs),
// so that a test that hangs fails naming itself instead of holding the run
// until someone notices. uvu swallows a failed hook's error, so a limit that
// fires is also said on stderr, with the file and the test or hook.
// GITA_TEST_TIMEOUT (seconds, default 240) changes it. The limit is not a
// measure of speed: it is far above what any test takes and only turns a hang
// into a named failure. GITA_TEST_TIMES=1 says on stderr, as each test and
// hook ends, its wall time and this process's CPU time (a server or browser
// it started counts apart): where a slow file spends its time.
import * as uvu from 'uvu';

const LIMIT_MS = Number(process.env.GITA_TEST_TIMEOUT || 240) * 1000;
const TIMES = !!process.env.GITA_TEST_TIMES && process.env.GITA_TEST_TIMES !== '0';
/**
 * The file whose tests are being registered: uvu's runner imports each file
 * under its name (its queue's entry at UVU_INDEX); else the files test/run.mjs
 * gave this process.
 */
const registering = () => globalThis.UVU_QUEUE?.[globalThis.UVU_INDEX ?? 0]?.[0] ?? process.env.GITA_TEST_FILE ?? 'a test file';

/**
 * The time this process has spent making or waiting for the tests' built
 * dist/ (test/helpers/dist.ts keeps the count): the limit does not count it,
 * since a cold build on a busy machine may take longer than the limit.
 */
const building = () => {
  const b = globalThis.gitaTestDistBuild;
  return b ? b.total + (b.since === null ? 0 : Date.now() - b.since) : 0;
};

/** `fn`, failing with `what` named when it has not settled within the limit. */
function limited(what, fn) {
  const file = registering();
  return (...args) => {
    let timer;
    const started = Date.now();
    const built = building();
    const expired = new Promise((_, reject) => {
      // Not unref'd: a test awaiting something that never comes would otherwise let the process end without naming it.
      const arm = (ms) => {
        timer = setTimeout(() => {
          const used = Date.now() - started - (building() - built);
          if (used < LIMIT_MS) return arm(LIMIT_MS - used);
          const message = `${what} did not finish within ${LIMIT_MS / 1000} s`;
          console.error(`\ntimeout: ${file}: ${message}`);
          reject(new Error(message));
        }, ms);
      };
      arm(LIMIT_MS);
    });
    const cpu = process.cpuUsage();
    return Promise.race([Promise.resolve().then(() => fn(...args)), expired]).finally(() => {
      clearTimeout(timer);
      if (TIMES) {
        const { user, system } = process.cpuUsage(cpu);
        console.error(`time: ${file}: ${what}: ${((Date.now() - started) / 1000).toFixed(2)} s, CPU ${((user + system) / 1e6).toFixed(2)} s`);
      }
    });
  };
}

function wrap(t, suiteName) {
  const of = suiteName ? ` of suite "${suiteName}"` : '';
  const hook = (register, kind) => (fn) => register(limited(`the ${kind} hook${of}`, fn));
  const w = (name, fn) => t(name, limited(`test "${name}"${of}`, fn));
  w.only = (name, fn) => t.only(name, limited(`test "${name}"${of}`, fn));
  w.skip = t.skip;
  w.run = t.run;
  w.before = hook(t.before, 'before');
  w.before.each = hook(t.before.each, 'before.each');
  w.after = hook(t.after, 'after');
  w.after.each = hook(t.after.each, 'after.each');
  return w;
}

export const suite = (name, state) => wrap(uvu.suite(name, state), name);
export const test = wrap(uvu.test, '');
export const exec = uvu.exec;

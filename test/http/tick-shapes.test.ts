// One of Node's tick objects kept alive keeps the engine's feedback for
// nextTick's object literal monomorphic through full collections (read with
// V8's %DebugPrint in a child process); without it, the same run turns it
// megamorphic, which is what the server's optimized code then pays for.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/fs.ts';
import { createNodeServer } from '../../src/http/node.ts';
import { keptTickObject } from '../../src/http/tick-shapes.ts';
import type { App } from '../../src/http/types.ts';

/** The states of the feedback slots that define nextTick's literal's properties, after bursts of ticks with full collections between them. */
function literalFeedback(keep: boolean): string[] {
  const code = `
    import { keepTickShapes } from ${JSON.stringify(new URL('../../src/http/tick-shapes.ts', import.meta.url).href)};
    if (${keep}) keepTickShapes();
    await new Promise((r) => setImmediate(r));
    const print = new Function('f', '%DebugPrint(f)');
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 20000; i++) i % 2 ? process.nextTick(() => {}) : process.nextTick((a) => a, i);
      await new Promise((r) => setImmediate(r));
      // The queue is empty here: a full collection finds no tick object alive.
      if (round % 3 === 0) gc();
    }
    print(process.nextTick);`;
  // %DebugPrint writes through C's stdio, which loses what a non-blocking pipe cannot take at once: into a file.
  const file = join(tempDir('gita-tick-'), 'feedback.txt');
  const fd = openSync(file, 'w');
  const out = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  assert.is(out.status, 0, out.stderr);
  const printed = readFileSync(file, 'utf8');
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]);
}

test("nextTick's literal stays monomorphic through full collections with a tick object kept, and does not without", () => {
  const kept = literalFeedback(true);
  assert.ok(kept.length >= 4, `the literal's property definitions found in the feedback: ${kept.join(', ')}`);
  assert.equal([...new Set(kept)], ['MONOMORPHIC']);
  // The control: without the kept object the same run loses the shapes. If this Node no longer does, keepTickShapes can go.
  // Whether a run without it loses them depends on when the engine's own collections fall (one CI run under load kept
  // them), so the control gets three runs: one that loses them is the proof.
  let lost = false;
  for (let run = 0; run < 3 && !lost; run++) lost = literalFeedback(false).includes('MEGAMORPHIC');
  assert.ok(lost, "three runs of this Node kept nextTick's literal monomorphic without help: keepTickShapes is no longer needed");
});

test("Node's server keeps a tick object from its start", async () => {
  createNodeServer({ app: { handle: () => ({ status: 204, headers: [], body: '' }) } as unknown as App, log: null as never });
  await new Promise((r) => setImmediate(r));
  const kept = keptTickObject();
  assert.ok(kept && typeof kept === 'object' && Object.getOwnPropertyNames(kept).includes('callback'), 'a tick object (its callback) is held');
});

test.run();

// Node makes an object literal for every process.nextTick (a "tick object":
// its async ids, callback and arguments; several per request, from the
// streams and the HTTP parser). Its hidden classes are held only by the tick
// objects in the queue: a full collection made while the queue is empty
// frees them, the next tick makes new ones, and the engine's feedback for
// that literal turns megamorphic for good. The optimized code then defines
// each of its properties in the engine's runtime: under callgrind, one
// worker spent 114,000-124,000 instructions an answer instead of
// 74,000-80,000 (the history of docs/benchmarks.md), Node 20 and 24 alike. One tick object
// kept for the life of the thread keeps the hidden classes, and the feedback
// stays monomorphic.
//
// Node hands a tick object out in two places: to an async hook's init, and
// as the execution's resource inside a tick's callback. An async hook,
// even enabled for one tick, turns on V8's promise hooks, and V8 then stops
// inlining promise operations for the life of the process (13 % more
// instructions on a loop of awaits); asking for the resource makes Node
// record each native callback's resource from then on, which costs the
// server nothing it can count (the history of docs/benchmarks.md).
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;
let asked = false;

/** Keep one of Node's tick objects alive, from the next tick on (once per thread; later calls do nothing). */
export function keepTickShapes(): void {
  if (asked || typeof process.nextTick !== 'function') return;
  asked = true;
  process.nextTick(() => {
    const resource: unknown = executionAsyncResource();
    if (resource && typeof resource === 'object' && 'callback' in resource) kept = resource;
  });
}

/** The tick object kept (for tests). */
export const keptTickObject = (): object | undefined => kept;

// mulberry32: a small seeded generator of numbers in [0, 1). The labelled
// samples (scripts/draw-*-sample.mjs, scripts/sample-hindi-questions.ts)
// are drawn with it, so their seeds redraw them exactly; the property tests
// use it so that a failing run can be replayed.

/** The generator of `seed`: each call, the next number in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The first `n` places of a partial Fisher-Yates shuffle of a copy of
 * `population` (left as it is), with the numbers of `random`: a draw of n
 * without repeats, in the order drawn.
 */
export function firstDrawn(population, random, n) {
  const pool = population.slice();
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

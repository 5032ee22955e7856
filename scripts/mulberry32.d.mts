/** The generator of `seed`: each call, the next number in [0, 1). */
export function mulberry32(seed: number): () => number;
export function firstDrawn<T>(population: readonly T[], random: () => number, n: number): T[];

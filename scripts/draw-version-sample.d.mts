export const SEED: number;
export const PER_VERSION: number;
export const VERSIONS: string[];
/** The draw of `seed`: for each version, its refs in book order. */
export function draw(counts: readonly number[], seed?: number, per?: number, versions?: readonly string[]): Array<{ version: string; refs: string[] }>;

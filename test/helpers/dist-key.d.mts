export const TEST_DIST_CACHE: string;
export function distKey(): string;
export const QUICK_SUFFIX: string;

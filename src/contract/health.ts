// What /healthz says of readiness, defined once for the server, OpenAPI and
// the docs: which parts of the build are still being made (a fresh `npm
// start` serves before its cards, downloads, reading pages and word analysis
// are built), and whether none is. Its status stays 200 whatever it says:
// 200 means the process answers (liveness); `ready` says whether every route
// answers from a finished build (readiness).
import { LATER_PARTS, type BuildPart } from '../layout.ts';

export interface Readiness {
  /** The parts of the build still being made, in LATER_PARTS' order; [] when the build is whole. */
  pending: BuildPart[];
  /** True when nothing is pending: every route answers from the build (none with a 503 for a part in the making). */
  ready: boolean;
}

/** What /healthz answers (its JSON Schema is declared once with it, in content/service-schemas.ts). */
export interface Health extends Readiness {
  status: 'ok' | 'degraded';
  /** The build id. */
  build: string;
  chapters: number;
  verses: number;
  colophons: number;
  /** The errata applied to the content. */
  errata: string[];
  audit: { findings: number; notes: number };
  auth: 'optional' | 'required' | 'off';
  keys?: 'file' | 'redis';
  usage?: 'file' | 'redis';
  redis?: string;
  usageRecoveredFrom?: string;
  versionsLeftOut?: Array<{ folder: string; problems: Array<{ file: string; at: string; problem: string }>; more?: number }>;
  rebuildFailed?: string;
}

/** The readiness of a build whose manifest lists `pending` (manifest.pending; absent from a finished build). */
export function readiness(pending: ReadonlySet<BuildPart> | readonly BuildPart[] = []): Readiness {
  const has = new Set<BuildPart>(pending);
  const list = LATER_PARTS.filter((p) => has.has(p));
  return { pending: list, ready: list.length === 0 };
}

/** How OpenAPI and the docs describe the two fields. */
export const READINESS_FIELDS = {
  pending: `The parts of the build still being made (${LATER_PARTS.join(', ')}): right after a fresh \`npm start\` their routes answer 503 with Retry-After; [] once the build is whole.`,
  ready: 'True when nothing is pending. The status stays 200 either way (the process answers: liveness); a readiness probe reads this field.',
} as const;

// The key store: where keys live (as hashes). Two backings: a file in
// GITA_DATA_DIR (one server) and Redis (several servers).
export interface KeyRecord {
  id: string;
  name: string;
  /** SHA-256 of the key, hex. The key itself is never stored. */
  hash: string;
  created: string;
  /** Requests a day; 0: unlimited. */
  limit: number;
  /** How the key was made: by the operator's CLI or by self-service registration. */
  plan: 'operator' | 'free';
  email?: string;
  use?: string;
  revoked?: string;
}

export interface NewKey {
  name: string;
  limit: number;
  plan?: KeyRecord['plan'];
  email?: string;
  use?: string;
}

/** The form POST /register takes (website: the honeypot, left empty). */
export interface Registration {
  name: string;
  email: string;
  use: string;
  website?: string;
}

/** What POST /register answers in JSON: the key, shown this once, and its record's public part. */
export interface IssuedKey {
  key: string;
  id: string;
  name: string;
  /** Requests a day; 0: unlimited. */
  limit: number;
  plan: 'free';
}

export interface KeyStore {
  /**
   * The live record of a presented key, or null when it is unknown or revoked.
   * Called on every keyed request: a synchronous answer keeps it cheap.
   */
  verify(key: string): KeyRecord | null | Promise<KeyRecord | null>;
  /** Make a key; the key is returned once and never again. */
  create(input: NewKey): Promise<{ key: string; record: KeyRecord }>;
  list(): Promise<KeyRecord[]>;
  /** Revoke by id; false when there is no such key. */
  revoke(id: string): Promise<boolean>;
  /** A short description for logs and /healthz. */
  readonly kind: string;
  close(): Promise<void>;
}

export class StoreError extends Error {
  override name = 'StoreError';
}

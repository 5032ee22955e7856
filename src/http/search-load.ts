// The search index of the build served here, loaded in the background once
// the server listens (or when a search asks first), and again after a
// rebuild. search.ts itself is imported only then: a start-up does not wait
// for it.
import { SEARCH_RETRY_MS } from '../contract/limits.ts';
import type { RequestLog } from './log.ts';
import type { RunSearch } from './search.ts';

export class SearchLoad {
  private searching: Promise<RunSearch> | null = null;
  // When the load failed: searches fail at once for SEARCH_RETRY_MS rather than
  // each reading the index again (hundreds of milliseconds); a rebuild resets it.
  private failedAt = 0;

  constructor(
    private readonly distDir: string,
    private readonly log: RequestLog,
  ) {}

  /** The search, loaded or on its way; made once, it is handed on as a function (the app's, the primary's). */
  readonly search = (): Promise<RunSearch> => {
    if (this.searching && !(this.failedAt && Date.now() - this.failedAt >= SEARCH_RETRY_MS)) return this.searching;
    this.failedAt = 0;
    const loading = import('./search.ts').then((m) => m.loadSearch(this.distDir));
    this.searching = loading;
    loading.catch((err: Error) => {
      this.log.line(`error: the search index of ${this.distDir} could not be loaded: ${err.message}`);
      // A load that a rebuild has replaced changes nothing.
      if (this.searching === loading) this.failedAt = Date.now();
    });
    return loading;
  };

  /** A rebuild: the next search loads the new build's index. */
  reset(): void {
    this.searching = null;
    this.failedAt = 0;
  }
}

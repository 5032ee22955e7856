// Starts test/helpers/slab-thread.ts in a worker thread: tsx, which the test
// process loads with --import, reaches worker threads only on newer Node.
import { register } from 'tsx/esm/api';

register();
await import('./slab-thread.ts');

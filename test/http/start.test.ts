// Which way Node's workers share the port: SO_REUSEPORT where Node has it
// (22.12 and later) and the kernel spreads connections over the sockets
// (Linux), node:cluster elsewhere. (test/http/cluster.test.ts runs the
// workers themselves: on Node 20 node:cluster's, on Node 24 threads and
// processes.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nodeReusesPort } from '../../src/http/start.ts';

test('reusePort from Node 22.12, on Linux only', () => {
  for (const v of ['22.12.0', '22.13.1', '23.0.0', '24.21.0', '30.1.2']) assert.ok(nodeReusesPort(v, 'linux'), v);
  for (const v of ['20.20.2', '22.11.0', '22.0.0', '18.19.0']) assert.not.ok(nodeReusesPort(v, 'linux'), v);
  for (const p of ['darwin', 'win32', 'freebsd'] as const) assert.not.ok(nodeReusesPort('24.21.0', p), p);
});

test.run();

// The operator's settings (src/config.ts): defaults, flags over the
// environment, and a clear error naming the setting for a bad value.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig, MAX_WORKERS, parseWorkers } from '../src/config.ts';

test('workers: 1 by default, auto is one per core (at most MAX_WORKERS), a bad count is refused by name', () => {
  assert.is(loadConfig({}).workers, 1);
  assert.is(parseWorkers('auto', 'GITA_WORKERS', 6), 6);
  assert.is(parseWorkers(' AUTO ', 'GITA_WORKERS', 500), MAX_WORKERS);
  assert.is(loadConfig({ GITA_WORKERS: '3' }).workers, 3);
  for (const bad of ['0', '-1', '1.5', 'many', String(MAX_WORKERS + 1), '']) assert.throws(() => loadConfig({ GITA_WORKERS: bad }), (e: Error) => e instanceof ConfigError && e.message.startsWith('GITA_WORKERS (--workers): '), bad);
});

test('worker kind: threads by default, processes when asked (flag over environment), anything else refused by name', () => {
  assert.is(loadConfig({}).workerKind, 'threads');
  assert.is(loadConfig({ GITA_WORKER_KIND: 'processes' }).workerKind, 'processes');
  assert.is(loadConfig({ GITA_WORKER_KIND: ' Processes ' }).workerKind, 'processes');
  assert.is(loadConfig({ GITA_WORKER_KIND: 'processes' }, { 'worker-kind': 'threads' }).workerKind, 'threads');
  assert.throws(() => loadConfig({ GITA_WORKER_KIND: 'cluster' }), (e: Error) => e instanceof ConfigError && e.message === 'GITA_WORKER_KIND (--worker-kind): "cluster" is not one of threads, processes');
});

test('request log: off by default, on when asked (flag over environment), anything else refused by name', () => {
  assert.is(loadConfig({}).requestLog, 'off');
  assert.is(loadConfig({ GITA_REQUEST_LOG: ' ON ' }).requestLog, 'on');
  assert.is(loadConfig({ GITA_REQUEST_LOG: 'on' }, { 'request-log': 'off' }).requestLog, 'off');
  assert.is(loadConfig({ GITA_REQUEST_LOG: 'off' }, { 'request-log': 'on' }).requestLog, 'on');
  assert.throws(() => loadConfig({ GITA_REQUEST_LOG: 'errors' }), (e: Error) => e instanceof ConfigError && e.message === 'GITA_REQUEST_LOG (--request-log): "errors" is not one of on, off');
});

test.run();

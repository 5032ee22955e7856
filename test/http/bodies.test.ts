// A body declared larger than its route accepts (POST /mcp, POST /register)
// is answered 413 at once, before the client sends it, on every engine; a
// client that goes away mid-body is logged as 499, with no stack.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { MAX_REGISTRATION_BYTES, MCP_MAX_BODY } from '../../src/contract/limits.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

/** Send the head of a POST declaring `length` bytes and a few of them, then wait: the status line, and how long it took. */
function declareLarge(port: number, path: string, length: number, type: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n{"a":`);
    });
    let got = '';
    socket.on('data', (d) => {
      got += d;
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (m) {
        socket.destroy();
        resolve({ status: Number(m[1]), ms: Date.now() - started });
      }
    });
    socket.on('error', reject);
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${path} within 10 s`));
    });
  });
}

function bodiesSuite(runtime: Runtime) {
  const t = suite(`bodies declared too large (${runtime})`);
  let server: Running;
  t.before(hook(async () => {
    // Its request log on: a client that went is logged as 499.
    server = await startServer(runtime, { dist: (await testDist()).distDir, dataDir: tempDir(), env: { GITA_REQUEST_LOG: 'on' } });
  }));
  t.after(hook(async () => {
    await server?.stop();
  }));

  t('POST /mcp over MCP_MAX_BODY: 413 without waiting for the body', async () => {
    const r = await declareLarge(server.port, '/mcp', MCP_MAX_BODY + 1, 'application/json');
    assert.is(r.status, 413);
    assert.ok(r.ms < 5_000, `${r.ms} ms`);
  });

  t('POST /register over MAX_REGISTRATION_BYTES: 413 without waiting for the body', async () => {
    const r = await declareLarge(server.port, '/register', MAX_REGISTRATION_BYTES + 1, 'application/json');
    assert.is(r.status, 413);
    assert.ok(r.ms < 5_000, `${r.ms} ms`);
  });
  t('a client that goes away mid-body on POST /mcp and /register: logged 499, no stack, the server goes on', async () => {
    for (const [path, type] of [['/mcp', 'application/json'], ['/register', 'application/x-www-form-urlencoded']]) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1', () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200);
        });
        socket.on('error', reject);
      });
    }
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (server.output().match(/ 499 /g) ?? []).length < 2) await new Promise((r) => setTimeout(r, 50));
    const out = server.output();
    assert.is((out.match(/POST \/(mcp|register) 499 /g) ?? []).length, 2, out.slice(-2000));
    assert.not.match(out, / 500 |\n\s+at /, 'no 500 and no stack');
    const again = await fetch(`${server.url}/chapter/1`);
    assert.is(again.status, 200);
  });
  return t;
}

for (const runtime of RUNTIMES) bodiesSuite(runtime).run();

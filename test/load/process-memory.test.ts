// The bench's readings of a server's processes (scripts/process-memory.ts):
// the CPU a process and every process under it used, which tells servers
// apart where the client or the loopback caps their req/s.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { cpuSeconds, descendants } from '../../scripts/process-memory.ts';

test('cpuSeconds: a process and the processes under it, at any depth, user and system time', async () => {
  // A shell that starts Node, which spins for 600 ms of CPU: the grandchild's time is the shell's tree's.
  const spin = 'const end = process.cpuUsage().user + 6e5; while (process.cpuUsage().user < end); setTimeout(() => {}, 60_000)';
  const shell = spawn('sh', ['-c', `${JSON.stringify(process.execPath)} -e ${JSON.stringify(spin)}; true`], { stdio: 'ignore' });
  try {
    const before = cpuSeconds(shell.pid!);
    let tree: number[] = [];
    for (let i = 0; i < 100 && tree.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      tree = descendants(shell.pid!);
    }
    assert.is(tree[0], shell.pid, 'the process itself first');
    assert.is(tree.length, 2, `the shell and its Node: ${tree}`);
    // Wait until Node has spun its 600 ms (it then sleeps).
    let used = 0;
    for (let i = 0; i < 300 && used < 0.6; i++) {
      await new Promise((r) => setTimeout(r, 20));
      used = cpuSeconds(shell.pid!) - before;
    }
    assert.ok(used >= 0.6 && used < 3, `${used} s`);
    assert.is(cpuSeconds(tree[1]) <= cpuSeconds(shell.pid!), true, 'the tree counts at least its part');
  } finally {
    // The deepest first: a child whose parent is gone is no longer found under it.
    for (const pid of descendants(shell.pid!).reverse()) process.kill(pid, 'SIGKILL');
  }
  assert.is(cpuSeconds(2 ** 22 + 7), 0, 'a process that is gone counts nothing');
});

test.run();

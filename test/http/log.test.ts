// The request log (src/http/log.ts): a line per request with api_key
// redacted, or none when the operator turns it off; the other lines either way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLog } from '../../src/http/log.ts';

test('the request log: a line per request, none with requests off, and the other lines either way', () => {
  for (const requests of [true, false]) {
    const out: string[] = [];
    const log = createLog((c) => out.push(Buffer.from(c).toString()), 100, { requests });
    log.request('GET', '/chapter/4?api_key=secret&x=1', 200, 1.25);
    log.line('serving build abc');
    const text = out.join('');
    assert.is(/GET \/chapter\/4\?api_key=\[redacted\]&x=1 200 1\.\dms\n/.test(text), requests, text);
    assert.ok(text.endsWith('serving build abc\n'), text);
    assert.not.ok(text.includes('secret'));
  }
});

test.run();

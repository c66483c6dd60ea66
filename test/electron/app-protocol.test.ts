// The app:// protocol handler (main/electron/app-protocol.ts) in plain Node: files of the build
// with their MIME types and the CSP, nothing outside it (.., encoded .., backslashes, a symlink
// out), no other host, no write. The real bundle uses it on the fake electron module too
// (main-process-page.test.ts).
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildCsp } from '../../main/core/security/csp.ts';
import {
  APP_PAGE_URL,
  appProtocolResponse,
  registerAppScheme,
} from '../../main/electron/app-protocol.ts';

describe('app:// protocol', () => {
  let dir: string;
  let root: string;
  const csp = buildCsp();
  const get = (url: string, method = 'GET') =>
    appProtocolResponse(new Request(url, { method }), { root, csp });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-app-protocol-'));
    root = join(dir, 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(
      join(root, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="connect-src 'self' ws://127.0.0.1:*" /><div id="app"></div>`,
    );
    await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(root, 'assets', 'app.css'), 'body{}');
    await writeFile(join(root, 'assets', 'x.unknownext'), 'x');
    await writeFile(join(dir, 'secret.txt'), 'secret');
    await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('registers one standard, secure scheme without CORS', () => {
    const calls: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (s) => calls.push(s) });
    assert.deepEqual(calls, [
      [
        {
          scheme: 'app',
          privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        },
      ],
    ]);
  });

  it('serves the page with the CSP as header and tag', async () => {
    const res = await get(APP_PAGE_URL);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), csp);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    const html = await res.text();
    assert.doesNotMatch(html, /ws:/);
    assert.match(html, /connect-src 'self'; /);
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(html)));
  });

  it('serves assets with their MIME type; HEAD has no body', async () => {
    const js = await get('app://amtray/assets/app.js');
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await js.text(), 'console.log(1)');
    const css = await get('app://amtray/assets/app.css');
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
    const head = await get('app://amtray/assets/app.js', 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  it('refuses what is not a file of the build', async () => {
    for (const url of [
      'app://amtray/assets/link.txt',
      'app://amtray/assets/x.unknownext',
      'app://amtray/%2e%2e/secret.txt',
      'app://amtray/assets/..%2f..%2fsecret.txt',
      'app://amtray/assets/..%5c..%5csecret.txt',
      'app://amtray/%00',
      'app://amtray/%E0%A4%A',
      'app://amtray/assets/',
      'app://amtray/missing.js',
      'app://other/index.html',
      'app://amtray:8080/index.html',
      'file:///etc/passwd',
    ]) {
      const res = await get(url);
      assert.equal(res.status, 404, url);
      assert.equal(await res.text(), 'not found', url);
    }
    const post = await get(APP_PAGE_URL, 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
  });
});

// The window's Content-Security-Policy: strict in the Electron window (no WebSocket source),
// the browser shell's own socket only, and the page's tag written from the header's policy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserShellCsp, buildCsp } from '../../../main/core/security/csp.ts';
import { withCspMeta } from '../../../main/core/security/served-files.ts';

const PAGE = `<!doctype html><html><head>
    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'none'; connect-src 'self' ws://127.0.0.1:* ws://localhost:*"
    />
    <title>t</title></head><body></body></html>`;

describe('CSP', () => {
  it('has no WebSocket source, wildcard or unsafe source by default', () => {
    const csp = buildCsp();
    assert.match(csp, /connect-src 'self';/);
    assert.doesNotMatch(csp, /ws:|\*|unsafe/);
    assert.match(csp, /frame-ancestors 'none'/);
  });

  it("the browser shell allows its own socket's port only", () => {
    const csp = browserShellCsp(41234);
    assert.match(csp, /connect-src 'self' ws:\/\/127\.0\.0\.1:41234 ws:\/\/localhost:41234;/);
    assert.doesNotMatch(csp, /\*/);
    for (const bad of [0, -1, 65536, 1.5, Number.NaN]) {
      assert.throws(() => browserShellCsp(bad), /not a port/, String(bad));
    }
  });

  it('the page tag carries the header policy (without frame-ancestors, ignored in a tag)', () => {
    const csp = browserShellCsp(41234);
    const html = withCspMeta(PAGE, csp);
    const tag = /content="([^"]*)"/.exec(html)?.[1];
    assert.equal(tag, csp.replace("; frame-ancestors 'none'", ''));
    assert.doesNotMatch(html, /\*/);
    assert.match(html, /<title>t<\/title>/);
    assert.equal(withCspMeta('<title>no tag</title>', csp), '<title>no tag</title>');
  });
});

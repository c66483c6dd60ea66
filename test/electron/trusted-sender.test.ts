// Which frames may call the bridge: only the app's own top frame, never a foreign or
// embedded one.
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { isTrustedSender, type AppLocation } from '../../main/electron/trusted-sender.ts';

describe('isTrustedSender', () => {
  const indexPath = '/opt/app/resources/app.asar/out/renderer/index.html';
  const fileApp: AppLocation = { kind: 'file', indexPath };
  const good = {
    webContentsId: 3,
    isMainFrame: true,
    frameUrl: pathToFileURL(indexPath).href + '#/alerts',
  };
  const trusted = { webContentsId: 3, app: fileApp };

  it('accepts our window, main frame, our page', () => {
    assert.equal(isTrustedSender(good, trusted), true);
  });
  it('rejects a foreign sender (another webContents, or no window yet)', () => {
    assert.equal(isTrustedSender({ ...good, webContentsId: 4 }, trusted), false);
    assert.equal(isTrustedSender(good, { ...trusted, webContentsId: undefined }), false);
  });
  it('rejects a sub-frame', () => {
    assert.equal(isTrustedSender({ ...good, isMainFrame: false }, trusted), false);
  });
  it('rejects other URLs', () => {
    for (const frameUrl of [
      'file:///etc/passwd',
      'file:///opt/app/resources/app.asar/out/renderer/other.html',
      'file://evil-host/opt/app/resources/app.asar/out/renderer/index.html',
      'https://evil.example/index.html',
      'about:blank',
      '',
    ]) {
      assert.equal(isTrustedSender({ ...good, frameUrl }, trusted), false, frameUrl);
    }
  });
  it('dev server: same origin only', () => {
    const dev = {
      webContentsId: 3,
      app: { kind: 'dev', origin: 'http://127.0.0.1:5173' } as AppLocation,
    };
    assert.equal(isTrustedSender({ ...good, frameUrl: 'http://127.0.0.1:5173/' }, dev), true);
    assert.equal(isTrustedSender({ ...good, frameUrl: 'http://127.0.0.1:5174/' }, dev), false);
    assert.equal(isTrustedSender({ ...good, frameUrl: 'http://localhost:5173/' }, dev), false);
  });
});

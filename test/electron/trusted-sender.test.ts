// Which frames may call the bridge: only the app's own top frame, never a foreign or
// embedded one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTrustedSender, type AppLocation } from '../../main/electron/trusted-sender.ts';

describe('isTrustedSender', () => {
  const builtApp: AppLocation = { kind: 'app', root: '/opt/app/resources/app.asar/out/renderer' };
  const good = {
    webContentsId: 3,
    isMainFrame: true,
    frameUrl: 'app://amtray/index.html#/alerts',
  };
  const trusted = { webContentsId: 3, app: builtApp };

  it('accepts our window, main frame, our page', () => {
    assert.equal(isTrustedSender(good, trusted), true);
    assert.equal(isTrustedSender({ ...good, frameUrl: 'app://amtray/index.html' }, trusted), true);
  });
  it('rejects a foreign sender (another webContents, or no window yet)', () => {
    assert.equal(isTrustedSender({ ...good, webContentsId: 4 }, trusted), false);
    assert.equal(isTrustedSender(good, { ...trusted, webContentsId: undefined }), false);
  });
  it('rejects a sub-frame', () => {
    assert.equal(isTrustedSender({ ...good, isMainFrame: false }, trusted), false);
  });
  it('rejects other URLs, the built page over file:// too', () => {
    for (const frameUrl of [
      'file:///etc/passwd',
      'file:///opt/app/resources/app.asar/out/renderer/index.html',
      'app://amtray/other.html',
      'app://amtray/assets/index.js',
      'app://evil/index.html',
      'app://user:pw@amtray/index.html',
      'app://amtray:8080/index.html',
      'https://amtray/index.html',
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
    assert.equal(isTrustedSender(good, dev), false, 'the app page is not the dev origin');
  });
});

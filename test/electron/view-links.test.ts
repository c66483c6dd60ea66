// alertmanager-tray://view?… links reach the window: the scheme is registered, and a link
// from 'open-url' (macOS), a second instance's argv or this process's argv is handed on;
// anything else is ignored. A fake app (EventEmitter) stands in for Electron's.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { App } from 'electron';
import { viewLinkIn, watchViewLinks } from '../../main/electron/view-links.ts';

function fakeApp() {
  const schemes: string[] = [];
  const app = Object.assign(new EventEmitter(), {
    setAsDefaultProtocolClient: (s: string) => schemes.push(s) > 0,
  });
  return {
    app: app as unknown as Pick<App, 'on' | 'setAsDefaultProtocolClient'>,
    emitter: app,
    schemes,
  };
}

const LINK = 'alertmanager-tray://view?v=1&q=namespace%3D%22a%22&states=a';

test('registers the scheme and hands on links from argv, second-instance and open-url', () => {
  const { app, emitter, schemes } = fakeApp();
  const opened: string[] = [];
  watchViewLinks(app, ['/usr/bin/amtray', '--no-sandbox', LINK], (l) => opened.push(l));
  assert.deepEqual(schemes, ['alertmanager-tray']);
  assert.deepEqual(opened, [LINK]);

  emitter.emit('second-instance', {}, ['/usr/bin/amtray', LINK + '1'], '/');
  let prevented = false;
  emitter.emit('open-url', { preventDefault: () => (prevented = true) }, LINK + '2');
  assert.deepEqual(opened, [LINK, LINK + '1', LINK + '2']);
  assert.equal(prevented, true);
});

test('other arguments and schemes, and oversized links, are ignored', () => {
  const { app, emitter } = fakeApp();
  const opened: string[] = [];
  watchViewLinks(app, ['/usr/bin/amtray'], (l) => opened.push(l));
  emitter.emit('second-instance', {}, ['/usr/bin/amtray', 'https://evil.example/'], '/');
  emitter.emit('open-url', { preventDefault() {} }, 'alertmanager-tray://settings?x=1');
  emitter.emit('open-url', { preventDefault() {} }, LINK + 'x'.repeat(20_000));
  assert.deepEqual(opened, []);
  assert.equal(viewLinkIn([]), null);
});

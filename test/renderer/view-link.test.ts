// Saved views as links: the codec round-trips every field and refuses what is not a view
// (a link is untrusted input: anyone can send one).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  browserViewLink,
  decodeView,
  encodeView,
  viewFromLink,
  type ViewState,
} from '../../renderer/src/lib/saved-views/view-link.ts';
import { settingsSchema } from '../../main/core/settings/schema.ts';

const view: ViewState = {
  filter: {
    text: 'namespace="pay&ments", severity=~"crit.*" disk #1',
    showActive: true,
    showSilenced: false,
    showInhibited: true,
    showUnprocessed: false,
    receivers: ['team a', 'ops/β'],
    instances: ['am1', 'am 2'],
  },
  groupBy: 'namespace,cluster',
};

test('round trip: every field, both link forms', () => {
  const q = encodeView(view);
  assert.deepEqual(decodeView(q), view);
  const browser = browserViewLink('http://127.0.0.1:1/?token=x#/alerts', view);
  assert.match(browser, /^http:\/\/127\.0\.0\.1:1\/\?token=x&view=v%3D1%26q%3D/);
  assert.deepEqual(viewFromLink(browser), view);
  assert.deepEqual(viewFromLink(`alertmanager-tray://view?${q}`), view);
  const empty: ViewState = {
    filter: {
      ...view.filter,
      text: '',
      receivers: [],
      instances: [],
      showActive: false,
      showInhibited: false,
    },
    groupBy: '',
  };
  assert.deepEqual(decodeView(encodeView(empty)), empty);
});

test('junk is refused, not guessed at', () => {
  assert.equal(decodeView(''), null);
  assert.equal(decodeView('q=a'), null, 'no version');
  assert.equal(decodeView('v=2&q=a'), null, 'unknown version');
  assert.equal(decodeView('v=1&states=axz'), null);
  assert.equal(decodeView('v=1&evil=1'), null, 'unknown key');
  assert.equal(decodeView('v=1&r='), null, 'empty receiver');
  assert.equal(decodeView(`v=1&q=${'a'.repeat(5000)}`), null);
  assert.equal(decodeView(`v=1${'&i=x'.repeat(201)}`), null);
  assert.equal(decodeView('v=1&' + 'x'.repeat(20_000)), null);
  assert.equal(viewFromLink('https://example.com/?other=1'), null);
  assert.equal(viewFromLink('alertmanager-tray://settings?v=1'), null);
});

test('settings without saved views or link templates still load (defaults), and keep them', () => {
  const old = settingsSchema.parse({ ui: { theme: 'dark' } });
  assert.deepEqual(old.ui.savedViews, []);
  assert.deepEqual(old.ui.linkTemplates, []);
  const kept = settingsSchema.parse({
    ui: { savedViews: [{ name: 'payments', filter: view.filter, groupBy: 'namespace' }] },
  });
  assert.deepEqual(kept.ui.savedViews[0], {
    name: 'payments',
    filter: view.filter,
    groupBy: 'namespace',
  });
  assert.equal(settingsSchema.safeParse({ ui: { savedViews: [{ name: ' ' }] } }).success, false);
  assert.equal(
    settingsSchema.safeParse({ ui: { linkTemplates: [{ name: 'x', url: 'javascript:1' }] } })
      .success,
    false,
  );
});

// The Electron glue for sound, badge and flash (main/electron/sound-player.ts, attention.ts):
// the real main bundle on the recording stand-in (fake-electron), its core on a real
// Alertmanager. A critical alert plays through the hidden, sandboxed audio page with a fixed
// script and its OS notification is silent; a warning plays nothing on default settings; the
// badge counts firing criticals nobody silenced, the frame flashes while the window is not
// focused and stops on focus or once they are silenced; macOS's dock bounces; a silenced
// alert's notification is withdrawn.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { playScript, soundPageUrl } from '../../main/electron/sound-page.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchMain, type MainProcess, type Message } from './fake-electron/launch.ts';
import { watchedProfile, type WatchedProfile } from './watched-profile.ts';

describe('sound-player: the fixed play script', () => {
  it('names only the bundled sounds and a whole volume 0–100', () => {
    assert.equal(playScript('critical', 70), 'amtrayPlay("critical", 70)');
    assert.equal(playScript('warning', 123.4), 'amtrayPlay("warning", 100)');
    assert.equal(playScript('warning', Number.NaN), 'amtrayPlay("warning", 0)');
    assert.throws(() => playScript('");alert(1);("' as 'critical', 50), /unknown sound/);
    assert.equal(soundPageUrl({ kind: 'app', root: '/x' }), 'app://amtray/sound.html');
  });
});

describe('Electron attention glue (fake electron, real core)', { skip: amSkipReason() }, () => {
  let profile: WatchedProfile | undefined;
  let am: AmProcess;
  let main: MainProcess;
  const all = (type: string): Message[] => main.messages.filter((m) => m.type === type);
  const badge = () => main.last('badge')?.count;

  before(async () => {
    profile = await watchedProfile({ alertname: 'PageMe', instance: 'db-1', name: 'sounds' });
    am = profile.am;
    main = await launchMain(profile.userData);
  });

  after(async () => {
    await main?.kill();
    await profile?.remove();
  });

  it('a critical plays through the hidden audio page; its OS notification is silent', async () => {
    const played = await waitFor(() => main.last('execute-javascript'), {
      timeoutMs: 30_000,
      message: 'the critical sound played',
    });
    assert.equal(played.code, 'amtrayPlay("critical", 70)');
    const page = main.last('hidden-window');
    const prefs = (page?.options as { show: boolean; webPreferences: Record<string, unknown> })
      .webPreferences;
    assert.equal((page?.options as { show: boolean }).show, false);
    assert.equal(prefs.sandbox, true);
    assert.equal(prefs.contextIsolation, true);
    assert.equal(prefs.nodeIntegration, false);
    assert.equal(prefs.preload, undefined);
    assert.equal(main.last('hidden-load')?.url, 'app://amtray/sound.html');
    // Played in that page, not in the app window.
    assert.notEqual(played.webContentsId, 1);
    const note = all('notification').find((m) =>
      String((m.options as { title: string }).title).includes('already firing'),
    );
    assert.equal((note?.options as { silent: boolean }).silent, true);
    // The app window still loads the app page (the audio page did not replace it).
    assert.equal(main.last('load')?.url, 'app://amtray/index.html');
  });

  it('badge counts the critical, the frame flashes, the dock bounces; focus stops the flash', async () => {
    await waitFor(() => badge() === 1, { timeoutMs: 30_000, message: 'badge 1' });
    assert.equal(main.last('flash-frame')?.flag, true);
    assert.equal(main.last('dock-bounce')?.kind, 'critical');
    await main.command({ type: 'focus-window' });
    assert.equal(main.last('flash-frame')?.flag, false);
  });

  it('a second critical while focused: badge 2, sound, no flash; a warning makes no sound', async () => {
    const flashes = all('flash-frame').length;
    const plays = all('execute-javascript').length;
    await postAlerts(am.url, [makeAlert({ alertname: 'PageMeToo', severity: 'critical' })]);
    await waitFor(() => badge() === 2, { timeoutMs: 30_000, message: 'badge 2' });
    // 30 s like the waits around it: on a loaded 2-core machine (the whole suite at once) the
    // sound once came more than 10 s after the badge.
    await waitFor(() => all('execute-javascript').length === plays + 1, {
      timeoutMs: 30_000,
      message: 'second critical sound',
    });
    assert.equal(all('flash-frame').length, flashes, 'no flash while the window is focused');

    await main.command({ type: 'blur-window' });
    await postAlerts(am.url, [makeAlert({ alertname: 'JustWarn', severity: 'warning' })]);
    const warned = await waitFor(
      () =>
        all('notification').find((m) =>
          String((m.options as { title: string }).title).includes('JustWarn'),
        ),
      { timeoutMs: 30_000, message: 'the warning notification' },
    );
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(all('execute-javascript').length, plays + 1, 'no sound for a warning');
    assert.equal((warned.options as { silent: boolean }).silent, false);
    assert.equal(badge(), 2, 'a warning is not counted');
  });

  it('silencing the criticals clears the badge, the flash and the bounce', async () => {
    await main.command({ type: 'blur-window' });
    const res = await fetch(`${am.url}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'severity', value: 'critical', isRegex: false, isEqual: true }],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        createdBy: 'test',
        comment: 'attention test',
      }),
    });
    assert.equal(res.status, 200);
    await waitFor(() => badge() === 0, { timeoutMs: 30_000, message: 'badge 0' });
    // Reported in that order by the same update, but read from the stand-in's output as it
    // arrives: on a loaded machine the last report came after the badge was seen.
    await waitFor(() => main.last('dock-cancel-bounce'), {
      timeoutMs: 10_000,
      message: 'the bounce cancelled',
    });
    assert.equal(main.last('flash-frame')?.flag, false);
    // Their notifications leave the system's list (they offered Acknowledge); the warning's,
    // still firing unsilenced, stays.
    await waitFor(
      () => all('notification-close').some((m) => String(m.title).startsWith('PageMeToo')),
      { timeoutMs: 10_000, message: 'the silenced critical’s notification withdrawn' },
    );
    assert.ok(!all('notification-close').some((m) => String(m.title).includes('JustWarn')));
  });
});

// The real main bundle on the fake `electron` module (fake-electron/launch.ts), with a
// settings file it cannot save (a folder stands where the file should be: root ignores
// permissions, this does not). A pause from the tray is then refused, said so, and not
// applied: the running app stays as the file is. And with a file whose instance URL holds
// credentials: they move to the instance's basic auth and the encrypted secret store.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Settings } from '../../main/core/settings/types.ts';
import { waitFor } from '../support/wait.ts';
import { launchMain, type MainProcess } from './fake-electron/launch.ts';

describe('Electron main process with a settings file it cannot save', () => {
  let userData: string;
  let main: MainProcess;

  before(async () => {
    userData = await mkdtemp(join(tmpdir(), 'amtray-main-ro-'));
    await mkdir(join(userData, 'settings.json'));
    main = await launchMain(userData);
  });

  after(async () => {
    await main?.kill();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  it('says why at start', async () => {
    const info = await main.invoke('app:info', []);
    const notice = (info.value as { settingsNotice?: { kind: string; readOnly?: string } })
      .settingsNotice;
    assert.equal(notice?.kind, 'corrupt');
    assert.ok(notice?.readOnly);
  });

  it('a pause from the tray that cannot be saved is not applied, and says so', async () => {
    await waitFor(() => main.menu().some((i) => i.id === 'pause:30m'), {
      message: 'pause item in the tray menu',
    });
    const before = main.messages.length;
    await main.command({ type: 'click', itemId: 'pause:30m' });
    const failure = await waitFor(
      () => main.messages.slice(before).find((m) => m.type === 'notification'),
      { timeoutMs: 30_000, message: 'failure notification' },
    );
    const options = failure.options as { title: string; body: string };
    assert.equal(options.title, 'Action failed');
    assert.match(options.body, /Settings not saved to .*settings\.json/);
    const settings = (await main.invoke('settings:get', [])).value as Settings;
    assert.equal(settings.notifications.snoozeUntil, undefined, 'not applied');
    assert.ok(!main.menu().some((i) => i.id === 'resume'), 'the menu does not say paused');
  });
});

describe('Electron main process with a settings file holding URL credentials', () => {
  let userData: string;
  let main: MainProcess;

  before(async () => {
    userData = await mkdtemp(join(tmpdir(), 'amtray-main-url-'));
    await writeFile(
      join(userData, 'settings.json'),
      JSON.stringify({
        version: 1,
        instances: [{ id: 'prod', name: 'prod', url: 'http://oncall:pw-Secret-7@127.0.0.1:1/am' }],
      }),
    );
    main = await launchMain(userData);
  });

  after(async () => {
    await main?.kill();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  it('moves them to basic auth and the encrypted store; the file and the window never hold them', async () => {
    const settings = (await main.invoke('settings:get', [])).value as Settings;
    assert.equal(settings.instances[0]?.url, 'http://127.0.0.1:1/am');
    assert.deepEqual(settings.instances[0]?.auth, {
      type: 'basic',
      username: 'oncall',
      passwordKey: 'instance/prod/password',
    });
    assert.doesNotMatch(JSON.stringify(settings), /Secret-7/);
    const file = await readFile(join(userData, 'settings.json'), 'utf8');
    assert.doesNotMatch(file, /Secret-7|oncall:/);
    const secrets = await readFile(join(userData, 'secrets.json'), 'utf8');
    assert.doesNotMatch(secrets, /Secret-7/, 'encrypted');
    assert.match(secrets, /"instance\/prod\/password"/);
  });
});

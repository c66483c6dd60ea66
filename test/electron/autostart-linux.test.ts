// The XDG autostart file written for "launch at login" on Linux.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  AUTOSTART_FILE,
  autostartDir,
  desktopEntry,
  isLinuxAutostartEnabled,
  quoteExecArg,
  setLinuxAutostart,
} from '../../main/electron/autostart-linux.ts';

describe('XDG autostart', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-autostart-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes a desktop entry that starts hidden, and removes it', async () => {
    const auto = join(dir, 'autostart');
    assert.equal(await isLinuxAutostartEnabled(auto), false);
    assert.equal(
      await setLinuxAutostart(true, { dir: auto, exec: '/opt/Alertmanager Tray/amtray' }),
      true,
    );
    const text = await readFile(join(auto, AUTOSTART_FILE), 'utf8');
    assert.equal(
      text,
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Alertmanager Tray',
        'Comment=Watch Prometheus Alertmanagers from the system tray',
        'Exec="/opt/Alertmanager Tray/amtray" --hidden',
        'Terminal=false',
        'Categories=Network;Monitor;',
        'X-GNOME-Autostart-enabled=true',
        'Hidden=false',
        '',
      ].join('\n'),
    );
    assert.equal(await isLinuxAutostartEnabled(auto), true);
    assert.equal(await setLinuxAutostart(false, { dir: auto, exec: '/x' }), false);
    assert.deepEqual(await readdir(auto), []);
  });

  it('quotes Exec arguments per the Desktop Entry spec', () => {
    assert.equal(quoteExecArg('/usr/bin/amtray'), '/usr/bin/amtray');
    assert.equal(quoteExecArg('/a b/$x'), '"/a b/\\\\$x"');
    assert.equal(quoteExecArg('100%'), '100%%');
    assert.throws(() => quoteExecArg('a\nb'));
    assert.match(
      desktopEntry({ exec: '/e', args: [], icon: 'amtray' }),
      /^Exec=\/e\nIcon=amtray$/m,
    );
  });

  it('lives in $XDG_CONFIG_HOME/autostart or ~/.config/autostart', () => {
    assert.equal(autostartDir({ XDG_CONFIG_HOME: '/cfg' }, '/home/u'), '/cfg/autostart');
    assert.equal(autostartDir({}, '/home/u'), '/home/u/.config/autostart');
    assert.equal(
      autostartDir({ XDG_CONFIG_HOME: 'relative' }, '/home/u'),
      '/home/u/.config/autostart',
    );
  });
});

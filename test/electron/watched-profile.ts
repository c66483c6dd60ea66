// What the Electron tests start the app on: a real Alertmanager with one critical alert
// firing, and an app profile (userData) whose settings watch it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import {
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../support/alertmanager.ts';
import { writeSettingsFile } from '../support/settings-file.ts';

export interface WatchedProfile {
  am: AmProcess;
  userData: string;
  /** Stops the Alertmanager and removes the profile. */
  remove(): Promise<void>;
}

export async function watchedProfile(opts: {
  /** The firing alert's alertname and instance labels. */
  alertname: string;
  instance: string;
  /** The watched instance's display name. */
  name: string;
}): Promise<WatchedProfile> {
  const am = await startAlertmanager();
  await postAlerts(am.url, [
    makeAlert({ alertname: opts.alertname, severity: 'critical', instance: opts.instance }),
  ]);
  const userData = await mkdtemp(join(tmpdir(), 'amtray-electron-'));
  const settings = defaultSettings();
  settings.instances = [
    defaultInstance({ id: 'am1', name: opts.name, url: am.url, pollIntervalSec: 2 }),
  ];
  await writeSettingsFile(join(userData, 'settings.json'), settings);
  return {
    am,
    userData,
    async remove() {
      await am.stop();
      await rm(userData, { recursive: true, force: true });
    },
  };
}

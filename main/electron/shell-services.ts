// What the bridge's handlers need from the Electron shell (bridge/handlers.ts ShellServices):
// app info, the OS browser, the login item, the encrypted secret store, the settings file and
// the history.
import { app, safeStorage, shell } from 'electron';
import type { ShellServices } from '../core/bridge/handlers.ts';
import type { HistoryService } from '../core/history/history-service.ts';
import type { SecretStore } from '../core/service.ts';
import type { SettingsFile } from '../core/settings/persist.ts';
import type { Settings } from '../core/settings/types.ts';
import { setLaunchAtLogin } from './autostart.ts';
import { describeBackend } from './secrets.ts';

export interface ElectronServicesOptions {
  settingsFile: SettingsFile;
  /** Saves the settings (the file, then whatever shows them). */
  persist: (settings: Settings) => Promise<void>;
  secrets: SecretStore;
  history: HistoryService;
  osUser: string;
}

export function electronShellServices(opts: ElectronServicesOptions): ShellServices {
  const { notice } = opts.settingsFile;
  return {
    appInfo: () => ({
      shell: 'electron',
      platform: process.platform,
      version: app.getVersion(),
      user: opts.osUser,
      secretBackend: describeBackend(safeStorage, process.platform),
      ...(notice ? { settingsNotice: notice } : {}),
    }),
    openExternal: (url) => shell.openExternal(url),
    setLaunchAtLogin,
    secrets: opts.secrets,
    persistSettings: opts.persist,
    history: opts.history,
  };
}

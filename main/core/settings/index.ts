// Settings: types, defaults, validation + migration. The settings file itself: persist.ts.
export * from './types.ts';
export * from './defaults.ts';
export { migrateSettings, type MigrationResult } from './migrations.ts';
export { secretKeyFor } from '../secrets/secret-keys.ts';
export {
  CREDENTIAL_HEADERS,
  parseSettings,
  settingsProblems,
  type SettingsProblem,
  settingsSchema,
  instanceSettingsSchema,
  type ParseSettingsResult,
} from './schema.ts';

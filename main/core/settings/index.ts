// Settings: types, defaults, validation + migration, and the settings file.
export * from './types.ts';
export * from './defaults.ts';
export { migrateSettings, secretKeyFor, type MigrationResult } from './migrations.ts';
export {
  CREDENTIAL_HEADERS,
  parseSettings,
  settingsProblems,
  type SettingsProblem,
  settingsSchema,
  instanceSettingsSchema,
  type ParseSettingsResult,
} from './schema.ts';
export {
  corruptSuffix,
  findInlineSecrets,
  readSettingsFile,
  writeSettingsFile,
  type ReadSettingsResult,
} from './file.ts';

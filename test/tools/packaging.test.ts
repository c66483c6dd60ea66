// electron-builder.yml: valid against electron-builder's own schema, hardened fuses, and it
// packs every file the app loads at run time (bundles, tray icons, app icon).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { TRAY_STATES } from '../../main/tools/make-icons.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
// js-yaml and ajv come with electron-builder (they are what it uses itself).
const yaml = require('js-yaml') as { load(text: string): unknown };
const Ajv = require('ajv') as new (o: object) => {
  compile(schema: unknown): ((data: unknown) => boolean) & { errors?: unknown[] | null };
};

type Config = {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  electronFuses: Record<string, boolean>;
  linux: {
    target: string[];
    icon: string;
    category: string;
    desktop: { entry: Record<string, string> };
  };
  mac: { target: string; icon: string };
  win: { target: string; icon: string };
};

const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Config;

describe('electron-builder.yml', () => {
  it('registers the view-link scheme the app opens (alertmanager-tray://)', () => {
    const protocols = (config as { protocols?: { schemes: string[] }[] }).protocols ?? [];
    assert.ok(protocols.some((p) => p.schemes.includes('alertmanager-tray')));
  });

  it("is valid against electron-builder's schema", () => {
    const schema = JSON.parse(
      readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8'),
    ) as unknown;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    assert.ok(validate(config), JSON.stringify(validate.errors));
  });

  it('hardens the Electron fuses and packs into asar', () => {
    assert.equal(config.asar, true);
    assert.equal(config.electronFuses.runAsNode, false);
    assert.equal(config.electronFuses.enableNodeOptionsEnvironmentVariable, false);
    assert.equal(config.electronFuses.onlyLoadAppFromAsar, true);
    assert.equal(config.electronFuses.enableEmbeddedAsarIntegrityValidation, true);
    assert.equal(config.electronFuses.grantFileProtocolExtraPrivileges, false);
  });

  it('targets AppImage + deb, dmg, nsis with icons that exist', () => {
    assert.equal(config.appId, 'io.github.amtray.app');
    assert.equal(config.productName, 'Alertmanager Tray');
    assert.deepEqual(config.linux.target, ['AppImage', 'deb']);
    assert.match(config.linux.desktop.entry.Categories ?? '', /Network;Monitor;/);
    assert.equal(config.mac.target, 'dmg');
    assert.equal(config.win.target, 'nsis');
    assert.ok(existsSync(join(root, config.win.icon)) && config.win.icon.endsWith('.ico'));
    assert.ok(existsSync(join(root, config.mac.icon)));
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      assert.ok(existsSync(join(root, config.linux.icon, `${size}x${size}.png`)), `${size}px`);
    }
  });

  it('packs everything the app loads at run time', () => {
    for (const pattern of ['out/**', 'assets/tray/**', 'assets/icons/**', 'package.json']) {
      assert.ok(config.files.includes(pattern), pattern);
    }
    for (const state of TRAY_STATES) {
      for (const name of [`${state}-light`, `${state}-dark`, `${state}Template`]) {
        assert.ok(existsSync(join(root, 'assets/tray', `${name}.png`)), name);
        assert.ok(existsSync(join(root, 'assets/tray', `${name}@2x.png`)), `${name}@2x`);
      }
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    assert.equal(pkg.main, 'out/main/index.js');
  });
});

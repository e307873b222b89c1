// The packaging config: valid against electron-builder's own schema, the four targets, and the security fuses.
// (Packaging itself needs to download Electron, which this machine cannot.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
// js-yaml is what electron-builder itself reads the file with.
const yaml = require('js-yaml') as { load(text: string): unknown };
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  test("validates against electron-builder's schema", () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  test('targets Linux AppImage + deb, Windows nsis, macOS dmg', () => {
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config.win).toMatchObject({ target: ['nsis'] });
    expect(config.mac).toMatchObject({ target: ['dmg'] });
    expect(config.directories).toMatchObject({ buildResources: 'build' });
  });

  test('sets the security fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  test('ships the compiled main process, preload and renderer, and package.json points at main', () => {
    const files = config.files as string[];
    expect(files).toEqual(expect.arrayContaining(['package.json', 'dist/electron/**/*.js', 'dist/electron/**/*.cjs', 'dist/renderer/**/*']));
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string; scripts: Record<string, string> };
    expect(pkg.main).toBe('dist/electron/main.js');
    expect(pkg.scripts.dist).toBe('npm run build && electron-builder');
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYamlQuickly } from '../../../src/apiref/quick-yaml.ts';
import { projectRoot, sharedDir } from '../../helpers/fixtures.ts';

/** What the parse with positions reads, as the build used to read every YAML document. */
const slow = (source: string): unknown => parse(source, { uniqueKeys: false, strict: false });

// issue 17: YAML documents are read without positions when nothing needs a line; the reference must not change.
describe('parseYamlQuickly', () => {
  it('reads every YAML document of the project and of the shared fixtures as the parse with positions does', async () => {
    const files = [
      path.join(projectRoot, 'openapi/business-api.yaml'),
      ...(await fg('**/*.{yaml,yml}', { cwd: path.join(sharedDir, 'fixtures/openapi'), absolute: true })),
      ...(await fg('tests/fixtures/**/*.{yaml,yml}', { cwd: projectRoot, absolute: true })),
    ];
    expect(files.length).toBeGreaterThan(10);
    let quick = 0;
    for (const file of files) {
      const source = await fs.readFile(file, 'utf8');
      const value = parseYamlQuickly(source);
      if (value === undefined) continue;
      quick++;
      expect(value, file).toEqual(slow(source));
    }
    // The portal's own document and most others take the quick way.
    expect(quick).toBeGreaterThan(files.length / 2);
    expect(parseYamlQuickly(await fs.readFile(files[0] as string, 'utf8'))).toBeDefined();
  });

  it('reads scalars as YAML 1.2’s core schema does, or leaves them to the slow parse', () => {
    const scalars = [
      '0o17',
      '017',
      '1_000',
      '0x1F',
      '+12',
      '.5',
      '1e3',
      '.inf',
      '-.INF',
      '.nan',
      'Null',
      'TRUE',
      'yes',
      'on',
      '~',
      '2001-12-14',
      '1:20',
      '-0',
      '0b101',
      '+.5',
      '-0x1',
      '+0o7',
      "'*x'",
      '"a: b"',
      '[1, *x]',
    ];
    for (const v of scalars) {
      const source = `k: ${v}\n`;
      const value = parseYamlQuickly(source);
      if (value !== undefined) expect(value, v).toEqual(slow(source));
    }
    expect(parseYamlQuickly('k: 0b101\n')).toBeUndefined();
  });

  it('leaves to the parse with positions what it must report or limit: aliases, duplicate keys, bad YAML, tags', () => {
    expect(parseYamlQuickly('a: &x [1]\nb: *x\n')).toBeUndefined();
    expect(parseYamlQuickly('a: 1\na: 2\n')).toBeUndefined();
    expect(parseYamlQuickly('a: [1\n')).toBeUndefined();
    expect(parseYamlQuickly('a: !custom 1\n')).toBeUndefined();
    // Emphasis in a description is not an alias.
    expect(parseYamlQuickly('description: "**Bold** and *emphasis*"\nsummary: a * b\n')).toEqual({
      description: '**Bold** and *emphasis*',
      summary: 'a * b',
    });
  });
});

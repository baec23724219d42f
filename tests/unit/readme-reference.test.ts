import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliReference, configReference, withReferences } from '../../scripts/readme-reference.ts';
import { projectRoot } from '../helpers/fixtures.ts';

// issue 22 item 3: the README's CLI and configuration references are generated from the commands and the config
// schema; this fails when either changes without `npx tsx scripts/readme-reference.ts --write`.
describe('the README references', () => {
  const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');

  it('are in step with the commands and the config schema', () => {
    expect(
      withReferences(readme) === readme,
      'README.md is out of date: run `npx tsx scripts/readme-reference.ts --write`',
    ).toBe(true);
  });

  it('list every command with its options, and every top-level config key with its default', () => {
    for (const option of ['--openapi-root <dir>', '--no-build', '--open', '--json', '--quiet', '--external'])
      expect(cliReference()).toContain(option);
    const config = configReference();
    for (const row of [
      '| `title` | string | **required** |',
      '| `baseUrl` | string | `"/"` |',
      '| `openapi.routeBasePath` | string | `"/docs/api"` |',
    ])
      expect(config).toContain(row);
  });
});

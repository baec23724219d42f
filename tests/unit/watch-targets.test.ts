import { describe, expect, it } from 'vitest';
import { watchTargets } from '../../src/commands/watch-targets.ts';

const base = { root: '/p', siteDir: '/p/site', templatesDir: '/t/templates' };

describe('watchTargets (portal serve, issue 5 item 5)', () => {
  it('watches the site, the templates and openapi/ by default', () => {
    expect(watchTargets(base)).toEqual(['/p/site', '/t/templates', '/p/openapi']);
  });

  it('adds the folder of a document outside openapi/, where its $refs live', () => {
    expect(watchTargets({ ...base, openapi: 'specs/v2/api.yaml' })).toEqual([
      '/p/site',
      '/t/templates',
      '/p/openapi',
      '/p/specs/v2',
    ]);
    expect(watchTargets({ ...base, openapi: '/elsewhere/openapi/v2/api.yaml' })).toContain('/elsewhere/openapi');
  });

  it('adds nothing for a document inside openapi/, and drops folders inside a watched one', () => {
    expect(watchTargets({ ...base, openapi: 'openapi/sub/api.yaml' })).toEqual([
      '/p/site',
      '/t/templates',
      '/p/openapi',
    ]);
    expect(watchTargets({ ...base, openapi: 'site/api/doc.yaml' })).toEqual(['/p/site', '/t/templates', '/p/openapi']);
  });
});

import { describe, expect, it } from 'vitest';
import { FILE_PATH, hashId, scrollIntent } from '../../../templates/client/navigator.ts';

describe('scroll intent of a navigation', () => {
  it('goes to the top of a new page without a fragment', () => {
    expect(scrollIntent('')).toEqual({ to: 'top' });
  });

  it("goes to the fragment's heading when the link names one", () => {
    expect(scrollIntent('#setup')).toEqual({ to: 'hash', hash: '#setup' });
  });

  it('returns to the saved position on back/forward, ahead of the fragment', () => {
    expect(scrollIntent('#setup', 420)).toEqual({ to: 'position', y: 420 });
    expect(scrollIntent('', 0)).toEqual({ to: 'position', y: 0 });
  });
});

describe('element id of a fragment', () => {
  it('drops the # and decodes percent escapes', () => {
    expect(hashId('#setup')).toBe('setup');
    expect(hashId('#caf%C3%A9')).toBe('café');
  });

  it('keeps a malformed escape as written, and an empty fragment names nothing', () => {
    expect(hashId('#100%')).toBe('100%');
    expect(hashId('#')).toBe('');
  });
});

describe('static file paths', () => {
  it('are paths ending in a short extension', () => {
    expect(FILE_PATH.test('/files/guide.pdf')).toBe(true);
    expect(FILE_PATH.test('/img/Logo.PNG')).toBe(true);
  });

  it('exclude route paths, including versions with dots in a segment', () => {
    expect(FILE_PATH.test('/docs/intro')).toBe(false);
    expect(FILE_PATH.test('/docs/1.2/intro')).toBe(false);
    expect(FILE_PATH.test('/')).toBe(false);
  });
});

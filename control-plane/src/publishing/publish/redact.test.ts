import { describe, expect, it } from 'vitest';
import { redactFeedback, redactText } from './redact.js';

describe('redactText', () => {
  it('removes cookie, token and password values', () => {
    expect(redactText('login failed: Cookie: SESSDATA=abc123; path=/', 7)).not.toContain('abc123');
    expect(redactText('token=eyJhbGciOi.xyz', 7)).toBe('token=[redacted]');
    expect(redactText('csrf_token: "q1w2"', 7)).toBe('csrf_token: [redacted]');
    expect(redactText('Authorization: Bearer abc.def', 7)).not.toContain('abc.def');
    expect(redactText('password=hunter2 rejected', 7)).toBe('password=[redacted] rejected');
  });

  it("keeps the owner's paths and the job's own paths, hides any other", () => {
    expect(redactText('no file /srv/videos/7/a.mp4', 7)).toBe('no file /srv/videos/7/a.mp4');
    expect(redactText('profile at /var/lib/plume/profiles/acc_9/Cookies', 7)).toBe('profile at [path]');
    expect(redactText('other user /srv/videos/8/b.mp4', 7)).toBe('other user [path]');
    expect(redactText('cannot open C:\\Users\\bob\\v.mp4', 7, ['C:\\Users\\bob\\v.mp4'])).toBe('cannot open C:\\Users\\bob\\v.mp4');
    expect(redactText('cannot open C:\\Users\\alice\\v.mp4', 7, ['C:\\Users\\bob\\v.mp4'])).toBe('cannot open [path]');
    expect(redactText('see https://www.bilibili.com/video/BV1', 7)).toBe('see https://www.bilibili.com/video/BV1');
  });

  it("names the job's own paths whole, spaces and JSON quoting included, and nothing else with them", () => {
    const own = ['C:\\Users\\op\\My Pictures\\cover one.png', '/mnt/media/shared cover.png'];
    expect(redactText('refused C:\\Users\\op\\My Pictures\\cover one.png and C:\\Users\\op\\My Pictures\\other.png', 7, own)).toBe(
      'refused C:\\Users\\op\\My Pictures\\cover one.png and [path] Pictures\\other.png',
    );
    expect(redactText(`refused ${JSON.stringify(own[0])}: cannot open (ENOENT)`, 7, own)).toBe(`refused ${JSON.stringify(own[0])}: cannot open (ENOENT)`);
    expect(redactText('refused "/mnt/media/shared cover.png": resolves outside /srv/videos/7/; token=abc', 7, own)).toBe(
      'refused "/mnt/media/shared cover.png": resolves outside /srv/videos/7/; token=[redacted]',
    );
    expect(redactText('/mnt/media/shared other.png', 7, own)).toBe('[path] other.png');
  });

  it('caps the length', () => {
    expect(redactText('x'.repeat(2000), 7).length).toBeLessThanOrEqual(500);
  });
});

describe('redactFeedback', () => {
  it('lets only message and step out', () => {
    expect(redactFeedback({ message: 'uploaded', step: 'upload', cookies: ['a=b'], screenshot: 'iVBOR' }, 7, [])).toEqual({ message: 'uploaded', step: 'upload' });
    expect(redactFeedback({ other: 1 }, 7, [])).toEqual({ message: null, step: null });
    expect(redactFeedback(null, 7, [])).toBeNull();
  });
});

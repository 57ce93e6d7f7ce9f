import { describe, expect, it } from 'vitest';
import { JobPayloadInvalid, parseJobPayload } from './job-payload.js';

describe('parseJobPayload', () => {
  it('reads each content type as the control plane writes it: null and empty sources are absent, fields it does not know kept', () => {
    expect(
      parseJobPayload('article', { articleId: 'art_1', title: 'T', content: '# T', coverImage: null, contentProvenance: 'human', aigc: { label_required: false, display_label: '', applies_to: { text: false, images: false } }, later: 1 }),
    ).toEqual({ articleId: 'art_1', title: 'T', content: '# T', coverImage: undefined, contentProvenance: 'human', aigc: { label_required: false, display_label: '', applies_to: { text: false, images: false } }, later: 1 });
    expect(parseJobPayload('article', { title: 'T', content: 'x', coverImage: '' }).coverImage).toBeUndefined();
    expect(parseJobPayload('article', { title: 'T', content: 'x', coverImage: 'https://img.example/c.png' }).coverImage).toBe('https://img.example/c.png');
    expect(parseJobPayload('dynamic', { content: 'hi', images: ['/v/1/a.png'] })).toEqual({ content: 'hi', images: ['/v/1/a.png'] });
    expect(parseJobPayload('dynamic', { content: 'hi' }).images).toBeUndefined();
    expect(parseJobPayload('video', { title: 'V', localVideoPath: 'C:\\Users\\a\\Videos\\v.mp4', coverImagePath: null })).toEqual({ title: 'V', localVideoPath: 'C:\\Users\\a\\Videos\\v.mp4', coverImagePath: undefined });
  });

  it('refuses a payload missing what the executor needs, or of the wrong type, naming the field', () => {
    const refused = (type: 'article' | 'dynamic' | 'video', payload: unknown) => {
      try {
        parseJobPayload(type, payload);
      } catch (e) {
        expect(e).toBeInstanceOf(JobPayloadInvalid);
        expect((e as JobPayloadInvalid).code).toBe('payload_invalid');
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused('article', { content: 'x' })).toMatch(/^the article job's payload cannot be read: title: /);
    expect(refused('video', { title: 'V', localVideoPath: '' })).toMatch(/localVideoPath: /);
    expect(refused('dynamic', { content: 'hi', images: ['/a.png', 3] })).toMatch(/images\.1: /);
    expect(refused('article', null)).toMatch(/payload: /);
    expect(refused('podcast' as 'video', { title: 'x' })).toMatch(/no payload is known for content type "podcast"/);
  });
});

describe('payloadFiles', () => {
  it('names the files a job opens, with their field and kind; addresses to download and absent values are not files', async () => {
    const { payloadFiles, typedPayload } = await import('./job-payload.js');
    expect(payloadFiles(typedPayload('video', { title: 'V', localVideoPath: '/v/7/a.mp4', coverImagePath: '/v/7/c.png' }))).toEqual([
      { field: 'localVideoPath', path: '/v/7/a.mp4', kind: 'video' },
      { field: 'coverImagePath', path: '/v/7/c.png', kind: 'picture' },
    ]);
    expect(payloadFiles(typedPayload('article', { title: 'T', content: 'x', coverImage: 'https://img.example/c.png' }))).toEqual([]);
    expect(payloadFiles(typedPayload('article', { title: 'T', content: 'x', coverImage: 'C:\\Pictures\\c.png' }))).toEqual([{ field: 'coverImage', path: 'C:\\Pictures\\c.png', kind: 'picture' }]);
    expect(payloadFiles(typedPayload('dynamic', { content: 'hi', images: ['/p/1.png', '/p/2.png'] })).map((f) => f.field)).toEqual(['images.0', 'images.1']);
    expect(() => typedPayload('video', { title: 'V' })).toThrow(JobPayloadInvalid);
  });
});

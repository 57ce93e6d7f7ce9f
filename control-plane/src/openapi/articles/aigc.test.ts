import { describe, expect, it } from 'vitest';
import { type AigcInput, AIGC_LABELS, checkAigc, computeAigc, markdownImageUrls } from './aigc.js';

const input = (o: Partial<AigcInput> = {}): AigcInput => ({
  content: 'Text ![a](https://img/1.png) more ![b](https://img/2.png)',
  contentProvenance: 'human',
  aiImageCount: 0,
  ...o,
});

describe('happy path', () => {
  it('labels text and images separately', () => {
    expect(computeAigc('human', 0)).toEqual({ label_required: false, display_label: '', applies_to: { text: false, images: false } });
    expect(computeAigc('ai_assisted', 0)).toEqual({ label_required: true, display_label: AIGC_LABELS.assistedText, applies_to: { text: true, images: false } });
    expect(computeAigc('ai_generated', 0)).toEqual({ label_required: true, display_label: 'AI-generated text', applies_to: { text: true, images: false } });
    expect(computeAigc('human', 2)).toEqual({ label_required: true, display_label: 'Contains AI-generated images', applies_to: { text: false, images: true } });
    expect(computeAigc('ai_generated', 1).display_label).toBe('AI-generated text and images');
    expect(computeAigc('ai_assisted', 1)).toMatchObject({ display_label: 'AI-assisted text, AI-generated images', applies_to: { text: true, images: true } });
  });

  it('finds inline, reference-style and HTML images, distinct, ignoring code', () => {
    const md = [
      '# T',
      '![one](https://x/1.png "title") and ![dup](https://x/1.png)',
      '![two][ref] and ![Three][]',
      '<img alt="h" src="https://x/4.png">',
      'A code span `![no](https://x/code.png)` is not an image.',
      '```',
      '![no](https://x/fenced.png)',
      '```',
      '![angle](<https://x/5 5.png>)',
      '![paren](https://x/Foo_(bar).png)',
      '',
      '[ref]: https://x/2.png',
      '[three]: <https://x/3.png>',
    ].join('\n');
    expect(markdownImageUrls(md)).toEqual(['https://x/1.png', 'https://x/2.png', 'https://x/3.png', 'https://x/4.png', 'https://x/5 5.png', 'https://x/Foo_(bar).png']);
    expect(markdownImageUrls('no images, just [a link](https://x)')).toEqual([]);
  });

  it('accepts AI image counts up to the images referenced, the cover included', () => {
    expect(checkAigc(input({ aiImageCount: 2, aiProvider: 'p', aiModel: 'm' }))).toMatchObject({ ok: true, imageCount: 2 });
    expect(checkAigc(input({ aiImageCount: 3, coverImage: 'https://img/cover.png', aiProvider: 'p', aiModel: 'm' })).ok).toBe(true);
    // A cover that is also in the content is one image, not two.
    expect(checkAigc(input({ aiImageCount: 3, coverImage: 'https://img/1.png', aiProvider: 'p', aiModel: 'm' })).ok).toBe(false);
  });

  it('with images[], aiImageCount equals the ai_generated entries; library, product, uploaded never count', () => {
    const images = [
      { url: 'https://img/1.png', origin: 'ai_generated' as const },
      { url: 'https://img/2.png', origin: 'library' as const },
    ];
    expect(checkAigc(input({ images, aiImageCount: 1, aiProvider: 'p', aiModel: 'm' })).ok).toBe(true);
    const noAi = [
      { url: 'https://img/1.png', origin: 'product' as const },
      { url: 'https://img/2.png', origin: 'uploaded' as const },
    ];
    const res = checkAigc(input({ images: noAi, aiImageCount: 0 }));
    expect(res).toMatchObject({ ok: true, aigc: { label_required: false, applies_to: { images: false } } });
  });
});

describe('errors', () => {
  it('refuses more AI images than the article has', () => {
    const res = checkAigc(input({ aiImageCount: 3, aiProvider: 'p', aiModel: 'm' }));
    expect(res).toMatchObject({ ok: false, message: expect.stringContaining('only 2 image(s)') });
    expect(checkAigc(input({ content: 'no images', aiImageCount: 1, aiProvider: 'p', aiModel: 'm' })).ok).toBe(false);
  });

  it('refuses images[] that disagree with aiImageCount, repeat a URL, or name an image the article lacks', () => {
    const lib = [{ url: 'https://img/1.png', origin: 'library' as const }];
    expect(checkAigc(input({ images: lib, aiImageCount: 1, aiProvider: 'p', aiModel: 'm' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('library, product and uploaded images are never AI images'),
    });
    expect(checkAigc(input({ images: [...lib, ...lib] })).ok).toBe(false);
    expect(checkAigc(input({ images: [{ url: 'https://elsewhere/x.png', origin: 'uploaded' }] }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('neither referenced'),
    });
  });

  it('AI content must name aiProvider and aiModel', () => {
    expect(checkAigc(input({ contentProvenance: 'ai_generated' }))).toMatchObject({ ok: false, message: expect.stringContaining('aiProvider and aiModel') });
    expect(checkAigc(input({ aiImageCount: 1, aiProvider: 'p' })).ok).toBe(false);
    expect(checkAigc(input({ contentProvenance: 'ai_assisted', aiProvider: 'p', aiModel: 'm' })).ok).toBe(true);
  });

  it('scans a 1,000,000-character adversarial body quickly', () => {
    const nasty = '![`'.repeat(333_333) + '`';
    const started = performance.now();
    markdownImageUrls(nasty);
    markdownImageUrls('`'.repeat(1_000_000));
    markdownImageUrls('![a](' + 'x'.repeat(999_990));
    markdownImageUrls('![a](x('.repeat(150_000));
    markdownImageUrls('<img src='.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

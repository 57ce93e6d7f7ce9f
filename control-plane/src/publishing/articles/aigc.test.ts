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

  it('scans adversarial bodies in linear time (1,000,000 characters cost about 10× 100,000, not 100×)', () => {
    // Compared with a tenth of the input in the same run, so a loaded machine slows both alike;
    // a backtracking scan would be ~100× slower on ten times the input, a linear one ~10×.
    const adversarial = (n: number) => ['![`'.repeat(n / 3) + '`', '`'.repeat(n), '![a](' + 'x'.repeat(n - 10), '![a](x('.repeat(n / 7), '<img src='.repeat(n / 10)];
    const scan = (bodies: string[]) => {
      const started = performance.now();
      for (const body of bodies) markdownImageUrls(body);
      return performance.now() - started;
    };
    const small = adversarial(100_000);
    const large = adversarial(1_000_000);
    scan(small); // warm-up: compile the scanner before timing it
    const tSmall = Math.min(scan(small), scan(small), scan(small));
    // The best of three on both sides: a GC pause or a descheduled moment inflates one run, never all three.
    const tLarge = Math.min(scan(large), scan(large), scan(large));
    expect(tLarge).toBeLessThan(40 * tSmall + 50);
  });
});

import { localPictures } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { AdapterError, type AdapterContext, type OpenedFile } from '../contract.js';
import { moveMarkdownImages, type ImageMover } from './article-images.js';

/** A context whose files are the given bytes by path; anything else cannot be opened. */
function ctxWith(files: Record<string, Buffer>) {
  const events: unknown[] = [];
  const ctx = {
    progress: (_step: string, detail?: unknown) => events.push(detail),
    async openFile(path: string): Promise<OpenedFile> {
      const bytes = files[path];
      if (!bytes) throw new Error(`no file ${path}`);
      return { path, size: bytes.length, read: async (into: Buffer, position: number) => bytes.copy(into, 0, position) };
    },
  } as unknown as AdapterContext;
  return { ctx, events };
}

/** Uploads to numbered addresses; web addresses are left alone. */
function mover(maxBytes?: number): ImageMover & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    isOwn: (src) => /^https?:\/\//.test(src),
    upload: async (image, src) => {
      sent.push(`${src} ${image.name} ${image.type} ${image.bytes.length}`);
      return `https://img.test/u${sent.length}.png`;
    },
    maxBytes,
  };
}

describe('moveMarkdownImages', () => {
  it('uploads each local picture once and names the copy wherever the Markdown shows it', async () => {
    const { ctx, events } = ctxWith({ '/m/7/a b.png': Buffer.from('png!'), '/m/7/c_d.jpg': Buffer.from('jpeg') });
    const m = mover();
    const markdown = [
      '![一](</m/7/a b.png> "标题")',
      '| 图 |\n|---|\n| ![二](/m/7/c_d.jpg) |',
      '![三](</m/7/a b.png>) ![网](https://e.test/x.png)',
      '`![码](/m/7/never.png)`',
    ].join('\n\n');
    const out = await moveMarkdownImages(markdown, ctx, m);
    expect(m.sent).toEqual(['/m/7/a b.png a b.png image/png 4', '/m/7/c_d.jpg c_d.jpg image/jpeg 4']);
    expect(out).toBe(
      ['![一](https://img.test/u1.png "标题")', '| 图 |\n|---|\n| ![二](https://img.test/u2.png) |', '![三](https://img.test/u1.png) ![网](https://e.test/x.png)', '`![码](/m/7/never.png)`'].join('\n\n'),
    );
    expect(localPictures(out)).toEqual([]);
    expect(events).toEqual([{ phase: 'images', percent: 0 }, { phase: 'images', percent: 50 }, { phase: 'images', percent: 100 }]);
  });

  it('leaves Markdown without local pictures as it is, uploading nothing', async () => {
    const { ctx, events } = ctxWith({});
    const m = mover();
    const markdown = '正文 ![网](https://e.test/x.png)\n';
    expect(await moveMarkdownImages(markdown, ctx, m)).toBe(markdown);
    expect(m.sent).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a picture that cannot be opened, or is over the limit, is upload_failed before anything is sent', async () => {
    const { ctx } = ctxWith({ '/m/7/big.png': Buffer.alloc(11) });
    const m = mover(10);
    const missing = await moveMarkdownImages('![a](/m/7/gone.png)', ctx, m).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AdapterError);
    expect(missing).toMatchObject({ code: 'upload_failed', step: 'upload', details: { path: '/m/7/gone.png' } });
    const big = await moveMarkdownImages('![a](/m/7/big.png)', ctx, m).catch((e: unknown) => e);
    expect(big).toMatchObject({ code: 'upload_failed', step: 'upload', details: { size: 11, maxBytes: 10 } });
    expect(m.sent).toEqual([]);
  });

  it('a picture written in a form the substitution does not read stops the job instead of going out with its path', async () => {
    const { ctx } = ctxWith({ '/m/7/x.png': Buffer.from('png!') });
    // An escaped ] in the alt text: the renderer shows the picture, the substitution does not find it.
    const err = await moveMarkdownImages('![a\\]b](/m/7/x.png)', ctx, mover()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'upload_failed', step: 'upload', message: expect.stringContaining('/m/7/x.png was uploaded but its address in the text could not be replaced') });
  });
});

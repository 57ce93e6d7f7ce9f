import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeQrPng, qrPng, qrTerminal } from './qr.js';

const TEXT = 'https://passport.bilibili.com/h5-app/passport/login/scan?navhide=1&qrcode_key=8587cf8106a0b863c46d6bab913537f6&from=';

/** The PNG cropped `by` pixels on every side (a screenshot cut tight around the code). */
function crop(png: Buffer, by: number): Buffer {
  const src = PNG.sync.read(png);
  const out = new PNG({ width: src.width - 2 * by, height: src.height - 2 * by });
  PNG.bitblt(src, out, by, by, out.width, out.height, 0, 0);
  return PNG.sync.write(out);
}

/** The PNG with dark and light swapped (a page drawing its QR light on dark). */
function invert(png: Buffer): Buffer {
  const img = PNG.sync.read(png);
  for (let i = 0; i < img.data.length; i += 4) for (let c = 0; c < 3; c++) img.data[i + c] = 255 - img.data[i + c]!;
  return PNG.sync.write(img);
}

describe('happy path', () => {
  it('reads back what it drew', async () => {
    expect(decodeQrPng(await qrPng(TEXT))).toBe(TEXT);
  });

  it('reads a QR cut without its quiet zone, and one drawn light on dark', async () => {
    const png = await qrPng(TEXT);
    // qrPng draws 2 modules of margin at 6 px each: cut all of it.
    expect(decodeQrPng(crop(png, 12))).toBe(TEXT);
    expect(decodeQrPng(invert(png))).toBe(TEXT);
  });

  it('draws the terminal QR in half blocks', async () => {
    const drawn = await qrTerminal(TEXT);
    expect(drawn).toMatch(/[▀▄█]/);
    expect(drawn.split('\n').length).toBeGreaterThan(10);
  });
});

describe('errors', () => {
  it('null for bytes that are no PNG, and for a PNG without a QR', () => {
    expect(decodeQrPng(Buffer.from('not a png'))).toBeNull();
    const blank = new PNG({ width: 64, height: 64 });
    blank.data.fill(255);
    expect(decodeQrPng(PNG.sync.write(blank))).toBeNull();
  });
});

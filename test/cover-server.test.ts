/**
 * The sample pictures the cover and image tests serve: the PNG must be one a
 * real decoder reads whole, so a test that passes it through a downloader or
 * an editor's upload is about that path and not about a broken file.
 */
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from './support/cover-server.js';

/** The PNG's chunks, each with its stored CRC and the one its type and data give. */
function chunks(png: Buffer): Array<{ type: string; stored: number; computed: number }> {
  const out: Array<{ type: string; stored: number; computed: number }> = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    out.push({ type: typeAndData.subarray(0, 4).toString('latin1'), stored: png.readUInt32BE(at + 8 + length), computed: crc32(typeAndData) });
    at += 12 + length;
  }
  return out;
}

describe('happy path', () => {
  it('PNG_1X1 decodes as one transparent pixel, with every CRC right', () => {
    const png = PNG.sync.read(PNG_1X1, { checkCRC: true });
    expect([png.width, png.height]).toEqual([1, 1]);
    expect([...png.data]).toEqual([0, 0, 0, 0]);
    const read = chunks(PNG_1X1);
    expect(read.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const c of read) expect(c.stored, c.type).toBe(c.computed);
  });
});

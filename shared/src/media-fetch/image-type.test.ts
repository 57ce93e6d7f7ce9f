import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type.js';

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');

describe('sniffImageType', () => {
  it.each([
    ['JPEG (JFIF)', hex('ffd8ffe0 00104a46 494600'), 'image/jpeg'],
    ['JPEG (Exif)', hex('ffd8ffe1 001c4578 696600'), 'image/jpeg'],
    ['PNG', hex('89504e47 0d0a1a0a 0000000d'), 'image/png'],
    ['GIF87a', Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
    ['GIF89a', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 ')]), 'image/webp'],
  ])('%s', (_name, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['HTML', Buffer.from('<!doctype html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a WAV (RIFF, not WEBP)', Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WAVEfmt ')])],
    ['a truncated PNG signature', hex('89504e470d0a')],
    ['a lone JPEG SOI', hex('ffd8')],
    ['BMP', Buffer.from('BM6\x00\x00\x00\x00\x00', 'latin1')],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { sniff } from './media-kind.js';

const b = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniff', () => {
  it('knows videos and pictures by their first bytes', () => {
    expect(sniff(b([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])))?.toEqual({ kind: 'video', format: 'mp4' });
    expect(sniff(b([0, 0, 0, 0x1c], 'ftypavif')))?.toEqual({ kind: 'picture', format: 'avif' });
    expect(sniff(b([0x1a, 0x45, 0xdf, 0xa3, 0x93])))?.toMatchObject({ kind: 'video', format: 'matroska' });
    expect(sniff(b('RIFF', [0, 0, 0, 0], 'AVI LIST')))?.toMatchObject({ kind: 'video', format: 'avi' });
    expect(sniff(b([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])))?.toMatchObject({ kind: 'picture', format: 'png' });
    expect(sniff(b([0xff, 0xd8, 0xff, 0xe0])))?.toMatchObject({ kind: 'picture', format: 'jpeg' });
    expect(sniff(b('GIF89a')))?.toMatchObject({ kind: 'picture', format: 'gif' });
    expect(sniff(b('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')))?.toMatchObject({ kind: 'picture', format: 'webp' });
    const ts = new Uint8Array(512);
    for (const at of [0, 188, 376]) ts[at] = 0x47;
    expect(sniff(ts))?.toMatchObject({ kind: 'video', format: 'mpeg-ts' });
  });

  it('a document, an empty file or a script is neither', () => {
    expect(sniff(b('%PDF-1.7\n'))).toBeNull();
    expect(sniff(new Uint8Array(0))).toBeNull();
    expect(sniff(b('#!/bin/sh\nrm -rf /\n'))).toBeNull();
    expect(sniff(b('PK', [3, 4]))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { mayUploadTo } from './upload-offload.js';

describe('mayUploadTo', () => {
  const from = new URL('https://member.bilibili.com/platform/upload/video/frame');
  const may = (target: string, origins: string[] = ['.bilivideo.com', 'https://upload.example.com']) => mayUploadTo(from, new URL(target), origins);

  it('allows the page’s own origin, whatever the list', () => {
    expect(may('https://member.bilibili.com/upos/abc', [])).toBe(true);
  });

  it('allows https hosts under a listed suffix and listed exact origins', () => {
    expect(may('https://upos-sz-upcdnbda2.bilivideo.com/ugcfx2lf/n1.mp4')).toBe(true);
    expect(may('https://a.b.bilivideo.com/x')).toBe(true);
    expect(may('https://upload.example.com/part')).toBe(true);
  });

  it('refuses look-alikes, other ports and schemes, and plain http even when listed', () => {
    expect(may('https://evilbilivideo.com/x')).toBe(false);
    expect(may('https://bilivideo.com.evil.net/x')).toBe(false);
    expect(may('https://upload.example.com:8443/part')).toBe(false);
    expect(may('http://upos.bilivideo.com/x')).toBe(false);
    expect(may('http://upload.example.com/part', ['http://upload.example.com'])).toBe(false);
    expect(may('http://member.bilibili.com/upos/abc')).toBe(false); // same host, other scheme: another origin
  });
});

/**
 * Is it a video or a picture? Judged by the file's first bytes (the format's
 * signature), never by its name: a job may name `C:\Users\me\Videos\a.mp4`
 * that is really a document, and the desktop refuses it before the browser
 * starts rather than let a platform reject the upload halfway.
 */
export type MediaKind = 'video' | 'picture';

const ascii = (b: Uint8Array, at: number, text: string) => text.split('').every((c, i) => b[at + i] === c.charCodeAt(0));
const bytes = (b: Uint8Array, at: number, expected: number[]) => expected.every((v, i) => b[at + i] === v);

/** The bytes to read for sniff(). */
export const SNIFF_BYTES = 512;

export function sniff(head: Uint8Array): { kind: MediaKind; format: string } | null {
  // ISO base media (mp4, mov, m4v, 3gp): a box whose type at offset 4 is `ftyp`; older QuickTime starts with moov/mdat/wide/free.
  if (ascii(head, 4, 'ftyp')) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return /^(avif|avis|heic|heix|mif1|msf1)$/.test(brand) ? { kind: 'picture', format: brand } : { kind: 'video', format: 'mp4' };
  }
  if (['moov', 'mdat', 'wide', 'free'].some((t) => ascii(head, 4, t))) return { kind: 'video', format: 'mov' };
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', format: 'matroska' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { kind: 'video', format: 'avi' };
  if (ascii(head, 0, 'FLV') && head[3] === 1) return { kind: 'video', format: 'flv' };
  if (bytes(head, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return { kind: 'video', format: 'wmv' };
  if (bytes(head, 0, [0x00, 0x00, 0x01, 0xba])) return { kind: 'video', format: 'mpeg' };
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'picture', format: 'png' };
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { kind: 'picture', format: 'jpeg' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { kind: 'picture', format: 'gif' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { kind: 'picture', format: 'webp' };
  if (ascii(head, 0, 'BM') && head.length >= 14) return { kind: 'picture', format: 'bmp' };
  // MPEG transport stream: its sync byte starts each 188-byte packet.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return { kind: 'video', format: 'mpeg-ts' };
  return null;
}

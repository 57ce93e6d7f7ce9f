/**
 * What an image is, from its first bytes (never from a Content-Type header
 * or a file name, which a server or a caller chooses freely). Covers are
 * accepted in the four formats every platform and CMS takes.
 */
export const COVER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type CoverImageType = (typeof COVER_IMAGE_TYPES)[number];

export const EXTENSION_OF: Readonly<Record<CoverImageType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Bytes needed to tell the four formats apart (WebP's RIFF header is the longest). */
export const SNIFF_BYTES = 12;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of these leading bytes, or null when they are none of JPEG, PNG, WebP or GIF. */
export function sniffImageType(head: Uint8Array): CoverImageType | null {
  // JPEG: SOI marker followed by the start of the next marker.
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  // WebP: a RIFF container (4-byte size in between) whose form type is WEBP.
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

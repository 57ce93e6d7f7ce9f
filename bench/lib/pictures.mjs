/**
 * Real pictures of an exact byte size for the edge job benchmarks: a page
 * that decodes a picture before it uploads it (易车号's editor reads each
 * pasted picture with createImageBitmap, as a browser shows it) refuses
 * random bytes, so the benchmark's pictures must decode as what their names
 * say.
 *
 * `.png`: RGB noise written with pngjs (the edge node's own dependency),
 * sized to just under the target and filled up with a standard tEXt Comment
 * chunk. `.jpg`: a baseline greyscale JPEG of 8×8 blocks, each one flat grey
 * of a random level (only its DC coefficient coded, so the encoder is a few
 * lines with the standard DC table), as many pixels as a photo of that size
 * has, filled up with COM segments of random bytes. Both are read by every
 * decoder, and their bytes stay incompressible, as a photo's are on the wire.
 * `.mp4`: an ISO base media `ftyp` box, then random bytes: the simulator never
 * decodes video, but Plume Desktop checks a video by its first bytes before
 * taking it (desktop/media-kind.ts). Any other name gets random bytes.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** `size` bytes that decode as the picture `name` names, or start as the video it names (by its extension). */
export function mediaBytes(name, size) {
  if (/\.png$/i.test(name)) return noisePng(size);
  if (/\.jpe?g$/i.test(name)) return blockJpeg(size);
  if (/\.mp4$/i.test(name)) return mp4Head(size);
  return randomBytes(size);
}

/** A 24-byte `ftyp` box (brand isom, compatible isom and mp41) and random bytes up to `size`. */
function mp4Head(size) {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypisom', 4, 'latin1');
  box.writeUInt32BE(0x200, 12);
  box.write('isommp41', 16, 'latin1');
  if (size < box.length) throw new Error(`no MP4 head fits in ${size} bytes`);
  return Buffer.concat([box, randomBytes(size - box.length)]);
}

function noisePng(size) {
  // About square: 3 bytes a pixel plus a filter byte a row; deflate leaves noise a little larger, hence the margin.
  const width = Math.max(1, Math.floor(Math.sqrt((size * 0.9) / 3)));
  let height = Math.max(1, Math.floor((size * 0.9) / (width * 3 + 1)));
  for (;;) {
    const png = new PNG({ width, height, colorType: 2, inputHasAlpha: false, inputColorType: 2 });
    png.data = randomBytes(width * height * 3);
    const bytes = PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false });
    const fill = size - bytes.length;
    // A tEXt chunk costs 12 bytes of framing and 8 of its "Comment\0" keyword.
    if (fill >= 20) {
      const iend = bytes.length - 12;
      return Buffer.concat([bytes.subarray(0, iend), pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(fill - 20, 0x2e)])), bytes.subarray(iend)]);
    }
    if (height === 1) throw new Error(`no PNG fits in ${size} bytes`);
    height = Math.max(1, height - Math.ceil(-fill / (width * 3)) - 1);
  }
}

function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

let CRC_TABLE;
function crc32(buf) {
  CRC_TABLE ??= Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The standard luminance DC table (ITU T.81 K.3): code lengths 2–9 for categories 0–11. */
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CODES = canonicalCodes(DC_COUNTS);

function canonicalCodes(counts) {
  const codes = [];
  let code = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < counts[len - 1]; i++) codes.push({ code: code++, len });
    code <<= 1;
  }
  return codes;
}

const segment = (marker, body) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);

function blockJpeg(size) {
  // About square, with the pixels a photo of this size has (about 1.5 bits a pixel, so 12 bytes an 8×8 block):
  // decoding costs the page what it would for a real picture. Flat blocks code to under 2 bytes each; COM segments fill up the rest.
  const perRow = Math.max(1, Math.min(8191, Math.round(Math.sqrt(size / 12))));
  const width = perRow * 8;
  const bits = new BitWriter();
  let rows = 0;
  let previous = 0;
  // Headers and the fill's framing take under 180 bytes; a block codes to at most 18 bits, 5 bytes with stuffing.
  while (rows < perRow && bits.length + 180 + perRow * 5 < size) {
    for (let i = 0; i < perRow; i++) {
      // The block's grey level as its DC coefficient (quantised by 8): −127…127 around mid-grey.
      const dc = randomInt(-127, 128);
      const diff = dc - previous;
      previous = dc;
      const category = diff === 0 ? 0 : 32 - Math.clz32(Math.abs(diff));
      bits.put(DC_CODES[category].code, DC_CODES[category].len);
      if (category > 0) bits.put(diff > 0 ? diff : diff + (1 << category) - 1, category);
      bits.put(0, 1); // the AC table's only code: end of block
    }
    rows++;
  }
  if (rows === 0) throw new Error(`no JPEG fits in ${size} bytes`);
  const height = rows * 8;
  const head = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 8)])),
    segment(0xc0, Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0])),
    segment(0xc4, Buffer.from([0x00, ...DC_COUNTS, ...Array.from({ length: 12 }, (_, i) => i)])),
    segment(0xc4, Buffer.from([0x10, 1, ...Array(15).fill(0), 0x00])),
  ]);
  const tail = Buffer.concat([segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])), bits.finish(), Buffer.from([0xff, 0xd9])]);
  const fill = [];
  // COM segments of at most 65,537 bytes each; none smaller than its 4 bytes of framing.
  for (let left = size - head.length - tail.length; left > 0; ) {
    let take = Math.min(left, 65537);
    if (left - take > 0 && left - take < 4) take -= 4;
    fill.push(segment(0xfe, randomBytes(take - 4)));
    left -= take;
  }
  const out = Buffer.concat([head, ...fill, tail]);
  if (out.length !== size) throw new Error(`JPEG of ${out.length} bytes, not ${size}`);
  return out;
}

/** MSB-first bits into bytes, with JPEG's byte stuffing (0xFF is followed by 0x00). */
class BitWriter {
  #bytes = [];
  #acc = 0;
  #n = 0;
  get length() {
    return this.#bytes.length + 1;
  }
  put(value, len) {
    for (let i = len - 1; i >= 0; i--) {
      this.#acc = (this.#acc << 1) | ((value >> i) & 1);
      if (++this.#n === 8) this.#flush();
    }
  }
  #flush() {
    this.#bytes.push(this.#acc);
    if (this.#acc === 0xff) this.#bytes.push(0);
    this.#acc = 0;
    this.#n = 0;
  }
  finish() {
    // The last byte is filled with 1 bits, as T.81 asks.
    if (this.#n > 0) this.put((1 << (8 - this.#n)) - 1, 8 - this.#n);
    return Buffer.from(this.#bytes);
  }
}

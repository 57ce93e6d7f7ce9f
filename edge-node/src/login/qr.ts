/**
 * QR codes in and out of a login: the platform's QR, as a screenshot of its
 * element, decoded to the text it encodes (jsqr reading pngjs's pixels: both
 * pure JavaScript, nothing native to build on a node), and that text drawn
 * again for people: as terminal characters and as a clean PNG (the `qrcode`
 * package). A QR drawn again from its text scans better than a screenshot
 * scaled by a terminal or a chat window, and carries exactly what the
 * platform's did.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** The text a PNG's QR code encodes, or null when none can be read in it. */
export function decodeQrPng(png: Buffer): string | null {
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    return null;
  }
  // A screenshot cut tight around the code has no quiet zone, which the locator needs: add one if the first read fails.
  return read(image) ?? read(withMargin(image, Math.max(8, Math.round(Math.min(image.width, image.height) / 8))));
}

function read(image: PNG): string | null {
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  // A page may draw its QR light on dark: try both ways.
  const found = jsQR.default(pixels, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return found?.data ? found.data : null;
}

/** The image on a white border `margin` pixels wide. */
function withMargin(image: PNG, margin: number): PNG {
  const out = new PNG({ width: image.width + 2 * margin, height: image.height + 2 * margin });
  out.data.fill(255);
  PNG.bitblt(image, out, 0, 0, image.width, image.height, margin, margin);
  return out;
}

/** The QR of `text` as a PNG, large enough to scan off a screen. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/**
 * The QR of `text` in terminal characters: two modules per character cell
 * (half blocks), dark on a light quiet zone, which phone cameras read off a
 * terminal of either colour scheme.
 */
export function qrTerminal(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
}

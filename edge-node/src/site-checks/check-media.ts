/**
 * The media a site check uploads, made by the node itself so a check needs no
 * operator file: a PNG picture and a short H.264 MP4 drawn on a canvas and
 * recorded by Chromium's own MediaRecorder (the browser the node already runs;
 * no encoder to install). Made once per state directory and reused: the files
 * are the same for every check, which keeps the live sites seeing one upload,
 * not a new one per run.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export interface CheckMedia {
  image: string;
  video: string;
}

/** Portrait 9:16 — what the short-video platforms expect — small enough to upload in a second. */
const VIDEO = { width: 360, height: 640, seconds: 3, fps: 25 };

export function checkMediaDir(stateDir: string): string {
  return join(stateDir, 'checks', 'media');
}

/** The check media under the state directory, made on first use in a page `openPage` gives (closed after). */
export async function ensureCheckMedia(stateDir: string, openPage: () => Promise<Page>): Promise<CheckMedia> {
  const dir = checkMediaDir(stateDir);
  const media = { image: join(dir, 'plume-check.png'), video: join(dir, 'plume-check.mp4') };
  const present = (p: string) => existsSync(p) && statSync(p).size > 0;
  if (present(media.image) && present(media.video)) return media;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const page = await openPage();
  try {
    // A blank document of our own: nothing from any platform runs beside the recorder.
    await page.setContent('<!doctype html><title>plume check media</title>');
    const made = await page.evaluate(drawMedia, VIDEO);
    if (!made.videoType.startsWith('video/mp4')) throw new Error(`this Chromium records ${made.videoType}, not MP4: the platforms take MP4`);
    writeFileSync(media.image, Buffer.from(made.png, 'base64'), { mode: 0o600 });
    writeFileSync(media.video, Buffer.from(made.video, 'base64'), { mode: 0o600 });
  } finally {
    await page.close().catch(() => {});
  }
  return media;
}

/** Runs inside the page: a picture and a recorded clip, both base64. */
async function drawMedia(v: { width: number; height: number; seconds: number; fps: number }): Promise<{ png: string; video: string; videoType: string }> {
  // The node build has no DOM types: what this needs of the page, typed here.
  type Ctx2d = { fillStyle: string; font: string; fillRect(x: number, y: number, w: number, h: number): void; fillText(t: string, x: number, y: number): void };
  type Canvas = { width: number; height: number; getContext(k: '2d'): Ctx2d; toDataURL(type: string): string; captureStream(fps: number): unknown };
  type Recorder = { ondataavailable: (e: { data: Blob }) => void; onstop: () => void; start(): void; stop(): void };
  const g = globalThis as unknown as {
    document: { createElement(tag: 'canvas'): Canvas };
    MediaRecorder: { new (stream: unknown, o: { mimeType: string; videoBitsPerSecond: number }): Recorder; isTypeSupported(t: string): boolean };
  };
  const canvas = g.document.createElement('canvas');
  canvas.width = v.width;
  canvas.height = v.height;
  const c = canvas.getContext('2d');
  const frame = (n: number) => {
    c.fillStyle = `hsl(${(n * 7) % 360}, 70%, 45%)`;
    c.fillRect(0, 0, v.width, v.height);
    c.fillStyle = '#ffffff';
    c.font = '32px sans-serif';
    c.fillText('Plume', 40, v.height / 2 - 20);
    c.fillText(`check ${String(n).padStart(3, '0')}`, 40, v.height / 2 + 30);
  };
  frame(0);
  const png = canvas.toDataURL('image/png').split(',')[1] ?? '';
  const videoType = ['video/mp4;codecs=avc1', 'video/mp4'].find((t) => g.MediaRecorder.isTypeSupported(t)) ?? 'video/webm';
  const recorder = new g.MediaRecorder(canvas.captureStream(v.fps), { mimeType: videoType, videoBitsPerSecond: 400_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise<void>((resolve) => (recorder.onstop = resolve));
  recorder.start();
  for (let n = 1; n <= v.seconds * v.fps; n++) {
    frame(n);
    await new Promise((r) => setTimeout(r, 1000 / v.fps));
  }
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { png, video: btoa(binary), videoType };
}

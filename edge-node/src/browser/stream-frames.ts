/**
 * A page streamed to the control plane while a person answers it (a relayed login's page, a
 * job's page paused on a challenge): a CDP screencast of JPEG frames, throttled and bounded by
 * LOGIN_FRAME_LIMITS, and the person's clicks, keys and text applied to that page only.
 */
import { LOGIN_FRAME_LIMITS, type LoginInput } from '@plume/shared';
import type { Logger } from 'pino';
import type { CDPSession, Frame as PageFrame, Page } from 'playwright-core';

export interface StreamedFrame {
  seq: number;
  /** base64 JPEG. */
  jpeg: string;
  /** The page's size in CSS pixels: a click's x and y are in these. */
  width: number;
  height: number;
}

// Why: Chromium stops sending screencast frames until each is acknowledged; the node keeps only the newest.
const FRAME_EVERY_MS = Math.ceil(1000 / LOGIN_FRAME_LIMITS.maxPerSecond);
// Why: a renderer swap (a cross-site navigation) takes well under a second; 40 × 250 ms outlasts a slow one on a loaded machine.
const SCREENCAST_START_ATTEMPTS = 40;
const SCREENCAST_RETRY_MS = 250;
// Why 60: enough for text and a QR at the size a console shows it; the frame stays far under the bound.
const JPEG_QUALITY = 60;

/**
 * Page.startScreencast on `page`: every frame is acknowledged at once (Chromium sends no more
 * until it is), the newest is kept, and at most one goes out per FRAME_EVERY_MS; a frame over
 * the size bound is dropped. The screencast is (re)started after every navigation of the main
 * frame, and retried while Chromium answers that no page is attached: a page that navigates as
 * the stream starts (a login page opening from about:blank) swaps renderers in between, and the
 * start is refused ("Not attached to an active page"). Returns the stop.
 */
export function streamFrames(page: Page, send: (f: StreamedFrame) => void, log: Logger): () => Promise<void> {
  let cdp: CDPSession | null = null;
  let latest: Omit<StreamedFrame, 'seq'> | null = null;
  let seq = 0;
  let stopped = false;
  const timer = setInterval(() => {
    if (!latest) return;
    const frame = latest;
    latest = null;
    if (frame.jpeg.length > LOGIN_FRAME_LIMITS.base64Chars) {
      log.debug({ chars: frame.jpeg.length }, 'a frame over the bound was dropped');
      return;
    }
    send({ seq: seq++, ...frame });
  }, FRAME_EVERY_MS);
  timer.unref();
  // Starts run one after another; a start asked for meanwhile runs once after the current one.
  let starting: Promise<void> = Promise.resolve();
  const start = () => {
    starting = starting.then(async () => {
      for (let attempt = 1; !stopped && cdp; attempt++) {
        try {
          await cdp.send('Page.startScreencast', { format: 'jpeg', quality: JPEG_QUALITY, maxWidth: LOGIN_FRAME_LIMITS.maxEdgePx, maxHeight: LOGIN_FRAME_LIMITS.maxEdgePx });
          return;
        } catch (err) {
          if (stopped || page.isClosed()) return;
          if (attempt >= SCREENCAST_START_ATTEMPTS) {
            log.warn({ err: (err as Error).message, attempts: attempt }, 'the page cannot be streamed');
            return;
          }
          await new Promise((r) => setTimeout(r, SCREENCAST_RETRY_MS));
        }
      }
    });
  };
  const onNavigated = (frame: PageFrame) => {
    if (frame === page.mainFrame()) start();
  };
  void (async () => {
    try {
      const session = await page.context().newCDPSession(page);
      if (stopped) {
        await session.detach().catch(() => {});
        return;
      }
      cdp = session;
      cdp.on('Page.screencastFrame', (f) => {
        latest = { jpeg: f.data, width: Math.round(f.metadata.deviceWidth), height: Math.round(f.metadata.deviceHeight) };
        cdp?.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
      });
      page.on('framenavigated', onNavigated);
      start();
    } catch (err) {
      if (!stopped) log.warn({ err: (err as Error).message }, 'the page cannot be streamed');
    }
  })();
  return async () => {
    stopped = true;
    clearInterval(timer);
    page.off('framenavigated', onNavigated);
    await cdp?.send('Page.stopScreencast').catch(() => {});
    await cdp?.detach().catch(() => {});
  };
}

/** A person's click, drag, key or text on the streamed page (an SMS code is the caller's: it knows where it goes). */
export async function applyPageInput(page: Page, input: Exclude<LoginInput, { type: 'sms' }>): Promise<void> {
  if (page.isClosed()) return;
  switch (input.type) {
    case 'click':
      await page.mouse.click(input.x, input.y);
      return;
    case 'drag':
      // Pressed, moved in steps (a slider follows the pointer's moves, not a jump), released.
      await page.mouse.move(input.from.x, input.from.y);
      await page.mouse.down();
      await page.mouse.move(input.to.x, input.to.y, { steps: 16 });
      await page.mouse.up();
      return;
    case 'key':
      await page.keyboard.press(input.key);
      return;
    case 'text':
      await page.keyboard.type(input.text);
  }
}

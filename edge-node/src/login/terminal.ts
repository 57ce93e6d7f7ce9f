/**
 * The terminal drives a login (`plume-edge accounts login`): each QR is drawn
 * in the terminal and written as a PNG in the state directory (for a terminal
 * that cannot show it, or to send to whoever holds the phone), SMS codes are
 * read from standard input, and a slider captcha, which no headless browser
 * can pass, ends the login with a word on how to proceed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { LoginFailed, type LoginEvent, type LoginFlow } from './flow.js';
import { qrTerminal } from './qr.js';

export interface TerminalDriverOptions {
  platform: string;
  /** Where each QR is written as a PNG (replaced by the next one). */
  qrFile: string;
  out: NodeJS.WritableStream;
  /** Where SMS codes come from; null: none can (the login fails `sms_not_provided` if one is needed). */
  input: NodeJS.ReadableStream | null;
  /** Whether the browser has no window (a slider cannot be dragged by anyone). */
  headless: boolean;
  /** Stops the whole login (the command's abort: the flow ends and the browser closes). */
  stop: (reason: LoginFailed) => void;
}

const SMS_CODE = /^\d{4,8}$/;

/** Attaches the terminal to `flow`; returns what detaches it. */
export function driveFromTerminal(flow: LoginFlow, o: TerminalDriverOptions): () => void {
  const say = (line: string) => o.out.write(`${line}\n`);
  let asking: (() => void) | null = null;
  // Events arrive faster than a QR is drawn: keep their order.
  let queue = Promise.resolve();

  const show = async (e: Extract<LoginEvent, { type: 'qr' }>) => {
    if (e.purpose === 'admin_scan') {
      say(`${o.platform} asks for a second scan with the account administrator's phone.`);
      if (!e.png.length) return say('The page shows no QR this node can read: open the browser window (PLUME_EDGE_HEADLESS=false) to complete it.');
    } else {
      say(e.shown === 1 ? `Scan this QR with the ${o.platform} app (on the phone logged in as the account):` : `The QR expired; here is a new one (${e.shown}):`);
    }
    mkdirSync(dirname(o.qrFile), { recursive: true, mode: 0o700 });
    writeFileSync(o.qrFile, e.png, { mode: 0o600 });
    if (e.text !== null) say(await qrTerminal(e.text));
    else say('(this QR could not be read to draw it here)');
    say(`The QR is also in ${o.qrFile}`);
  };

  const askSms = (e: Extract<LoginEvent, { type: 'needs_sms' }>) => {
    if (e.refused) say(`${o.platform} did not accept that code.`);
    if (!o.input) return o.stop(new LoginFailed('sms_not_provided', `${o.platform} asks for an SMS code and this command has no input to read one from`));
    const rl = createInterface({ input: o.input, ...(o.input === process.stdin && process.stdin.isTTY ? { output: o.out, terminal: true } : { terminal: false }) });
    let answered = false;
    const finish = () => {
      answered = true;
      asking = null;
      rl.close();
    };
    asking = finish;
    // Ctrl-C while reading (the terminal is the interface's then) stops the login as it does elsewhere.
    rl.on('SIGINT', () => {
      finish();
      process.kill(process.pid, 'SIGINT');
    });
    rl.on('close', () => {
      if (!answered) {
        asking = null;
        o.stop(new LoginFailed('sms_not_provided', `${o.platform} asks for an SMS code and standard input ended without one`));
      }
    });
    const prompt = () => {
      o.out.write(`${o.platform} sent an SMS code to the account's phone (attempt ${e.attempt}); type it and press Enter: `);
      rl.once('line', (line) => {
        const code = line.trim();
        if (!SMS_CODE.test(code)) {
          say('an SMS code is 4 to 8 digits');
          return prompt();
        }
        finish();
        flow.submitSms(code);
      });
    };
    prompt();
  };

  const off = flow.on((e) => {
    queue = queue.then(async () => {
      switch (e.type) {
        case 'qr':
          return show(e);
        case 'scanned':
          return say('Scanned: confirm the login on the phone.');
        case 'needs_sms':
          return askSms(e);
        case 'needs_slider':
          if (o.headless) {
            return o.stop(
              new LoginFailed(
                'slider_required',
                `${o.platform} shows a slider captcha, which a headless browser cannot pass. Run the login again on a machine with a display and PLUME_EDGE_HEADLESS=false, and drag the slider in the browser window; or log in in a browser elsewhere and bring the login with \`plume-edge accounts import\``,
              ),
            );
          }
          return say(`${o.platform} shows a slider captcha: drag it in the browser window; the login goes on once it is passed.`);
        case 'succeeded':
          asking?.();
          return;
        case 'failed':
          asking?.();
          return;
      }
    }).then(
      () => {},
      (err: unknown) => void say(`(could not show the login step: ${(err as Error).message})`),
    );
  });
  return () => {
    off();
    asking?.();
  };
}

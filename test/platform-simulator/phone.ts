/**
 * The simulator's phone, for a person trying a QR login by hand: `/_phone`
 * lists the QR logins waiting on any replica's login page and lets the person
 * scan one as an account of their choosing, then confirm it, as that
 * account's phone app would. Opening a QR's own address in a browser (what a
 * phone's camera app offers) lands here too, on that QR (login-pages.ts).
 * The SMS codes the replicas "sent" to the account are shown, for the logins
 * that ask for one, and those sent for a challenge in the middle of a publish
 * (challenge.ts) under their own heading; `GET /_phone/sms` lists every code as JSON.
 *
 * This is the phone's side only: the login page, its QR and the status it
 * polls are the replica's, unchanged, and no adapter ever opens these pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody } from './http.js';
import { openLogins, phoneAct } from './login-pages.js';
import type { SimState } from './state.js';

export const PHONE_PATH = '/_phone';

const ACCOUNT = /^[A-Za-z0-9_.@-]{1,64}$/;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem}
.login{border:1px solid #ccc;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}
label{display:block;margin:.25rem 0}input{font:inherit;padding:.25rem}button{font:inherit;padding:.25rem .75rem}
.error{color:#b00020}.muted{color:#666}`;

function page(state: SimState, o: { key?: string; error?: string; account?: string }): string {
  const all = openLogins(state);
  const shown = o.key ? all.filter((l) => l.key === o.key) : all;
  const items = shown.map((l) => {
    const age = `${Math.round(l.ageMs / 1000)} s ago`;
    const codes = l.account ? state.smsSent.filter((s) => s.platform === l.platform && s.account === l.account) : [];
    const body =
      l.state === 'waiting'
        ? `<form method="post" action="${PHONE_PATH}/scan"><input type="hidden" name="key" value="${esc(l.key)}">
<label>Account id <input name="account" required pattern="[A-Za-z0-9_.@\\-]{1,64}" value="${esc(o.account ?? '')}" autocomplete="off"></label>
<label>Display name <input name="displayName" placeholder="user_&lt;account&gt;"></label>
<button type="submit">Scan as this account</button></form>`
        : l.state === 'scanned'
          ? `<p>Scanned as <b>${esc(l.account ?? '')}</b>: the login page says so. Confirm on the phone:</p>
<form method="post" action="${PHONE_PATH}/confirm"><input type="hidden" name="key" value="${esc(l.key)}"><input type="hidden" name="account" value="${esc(l.account ?? '')}">
<button type="submit">Confirm login as ${esc(l.account ?? '')}</button></form>`
          : `<p>Confirmed as <b>${esc(l.account ?? '')}</b>: the login page logs in at its next poll (a slider or SMS code, if the platform asks for one, is done on the login page).</p>`;
    const sms = codes.length ? `<p>SMS codes sent to ${esc(l.account ?? '')}: ${codes.map((c) => `<code class="sms">${esc(c.code)}</code>`).join(', ')}</p>` : '';
    return `<section class="login" data-key="${esc(l.key)}" data-state="${l.state}"><h2>${esc(l.platform)} <span class="muted">(QR shown ${age})</span></h2>${body}${sms}</section>`;
  });
  const none = o.key
    ? '<p>This QR is no longer waiting (it expired, or its login finished). Show a new QR on the login page, then open it again.</p>'
    : '<p>No QR login is waiting. Start one (the console\'s <i>Log in a new account</i>, or <code>plume-edge accounts login &lt;platform&gt;</code>); this page reloads every 3 s until one shows.</p>';
  const refresh = shown.length ? '' : '<meta http-equiv="refresh" content="3">';
  // Codes a publish's challenge sent: the newest first, as a phone's messages list shows them.
  const asked = state.smsSent.filter((c) => c.purpose === 'challenge').slice(-20).reverse();
  const challengeCodes = asked.length
    ? `<section class="login challenge-codes"><h2>Verification codes (a publish asked)</h2><ul>${asked.map((c) => `<li>${esc(c.platform)} · ${esc(c.account || 'no session')}: <code class="sms">${esc(c.code)}</code> <span class="muted">${esc(c.at)}</span></li>`).join('')}</ul></section>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Simulator phone</title>${refresh}<style>${STYLE}</style></head><body>
<h1>Simulator phone</h1>
<p class="muted">Scanning a QR here logs the replica's login page in as the account you name, as that account's phone app would.${o.key ? ` <a href="${PHONE_PATH}">All waiting logins</a>` : ''}</p>
${o.error ? `<p class="error" role="alert">${esc(o.error)}</p>` : ''}
${items.join('\n') || none}
${challengeCodes}
</body></html>`;
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
}

/** Serves `/_phone…`; false when the path is not the phone's. */
export async function handlePhone(req: IncomingMessage, res: ServerResponse, url: URL, state: SimState): Promise<boolean> {
  if (url.pathname !== PHONE_PATH && !url.pathname.startsWith(`${PHONE_PATH}/`)) return false;
  const action = url.pathname.slice(PHONE_PATH.length);
  if (req.method === 'GET' && action === '/sms') {
    const platform = url.searchParams.get('platform');
    json(res, 200, { codes: state.smsSent.filter((c) => platform === null || c.platform === platform) });
    return true;
  }
  if (req.method === 'GET' && (action === '' || action === '/')) {
    const key = url.searchParams.get('key') ?? undefined;
    html(res, page(state, key ? { key } : {}));
    return true;
  }
  if (req.method === 'POST' && (action === '/scan' || action === '/confirm')) {
    const f = await form(req);
    const key = f.get('key') ?? '';
    const account = (f.get('account') ?? '').trim();
    if (!ACCOUNT.test(account)) {
      html(res, page(state, { key, error: 'The account id is the platform account\'s id: 1 to 64 letters, digits, "_", ".", "@" or "-".', account }), 400);
      return true;
    }
    const login = openLogins(state).find((l) => l.key === key);
    if (action === '/scan' && login) {
      // The phone is logged in to the platform as this account, as a phone that scans always is.
      if (state.displayName(login.platform, account) === undefined) state.setLoggedIn(login.platform, account, true, (f.get('displayName') ?? '').trim() || undefined);
    }
    const refused = phoneAct(state, key, account, action === '/scan' ? 'scan' : 'confirm');
    if (refused) {
      html(res, page(state, { key, error: refused, account }), 409);
      return true;
    }
    res.writeHead(303, { location: `${PHONE_PATH}?key=${encodeURIComponent(key)}`, 'cache-control': 'no-store' }).end();
    return true;
  }
  json(res, 405, { message: `${req.method} ${url.pathname}: the phone page takes GET ${PHONE_PATH} and POST ${PHONE_PATH}/scan or /confirm` });
  return true;
}

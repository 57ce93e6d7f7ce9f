/** The local UI's one page, rendered on the server from DesktopApp.view(). Everything shown is escaped. */
import type { DesktopApp } from './app.js';

type View = Awaited<ReturnType<DesktopApp['view']>>;

const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderPage(v: View, o: { token: string; note?: string }): string {
  const hidden = `<input type="hidden" name="token" value="${esc(o.token)}">`;
  const form = (action: string, inner: string, label: string) => `<form method="post" action="${action}">${hidden}${inner}<button type="submit">${esc(label)}</button></form>`;
  const l = v.license;
  const license = l
    ? `<dl>
        <dt>State</dt><dd id="license-standing" data-standing="${esc(l.standing)}">${esc(l.standing.replace(/_/g, ' '))}</dd>
        <dt>Message</dt><dd id="license-message">${esc(l.message)}</dd>
        <dt>Mode</dt><dd>${esc(l.licenseMode ?? '—')}</dd>
        ${l.licenseMode === 'COUNT' ? `<dt>Uses left</dt><dd id="license-remaining">${esc(l.remainingCount)}</dd>` : ''}
        ${l.expiresAt ? `<dt>Expires</dt><dd>${esc(l.expiresAt)}</dd>` : ''}
        ${l.offlineUntil ? `<dt>Offline license until</dt><dd>${esc(l.offlineUntil)}</dd>` : ''}
        ${l.pendingUses ? `<dt>Uses not yet recorded</dt><dd>${esc(l.pendingUses)}</dd>` : ''}
      </dl>${form('/license/refresh', '', 'Refresh')}`
    : '<p id="license-message">This computer is not activated yet.</p>';
  const activate = form(
    '/license/activate',
    `<label>Server address <input name="server" type="url" required value="${esc(v.serverUrl ?? '')}" placeholder="https://plume.example.com"></label>
     <label>Activation code <input name="code" required autocomplete="off"></label>
     <label>Project <input name="project" value="${esc(v.projectKey)}"></label>`,
    l && l.standing !== 'not_activated' ? 'Activate with another code' : 'Activate',
  );
  const accounts = v.accounts.length
    ? `<table id="accounts"><tr><th>Platform</th><th>Account</th><th>Login</th><th></th></tr>${v.accounts
        .map(
          (a) =>
            `<tr><td>${esc(a.platform)}</td><td>${esc(a.displayName)} <small>${esc(a.externalRef)}</small></td><td>${esc(a.loginState)}</td><td>${v.platforms.includes(a.platform) ? form('/accounts/relogin', `<input type="hidden" name="ref" value="${esc(a.externalRef)}">`, 'Log in again') : ''}${form('/accounts/remove', `<input type="hidden" name="ref" value="${esc(a.externalRef)}">`, 'Remove')}</td></tr>`,
        )
        .join('')}</table>`
    : '<p id="accounts">No platform account on this computer yet.</p>';
  const login = form(
    '/accounts/login',
    `<label>Platform <select name="platform">${v.platforms.map((p) => `<option>${esc(p)}</option>`).join('')}</select></label>`,
    'Log an account in',
  );
  const logins = v.logins
    .slice(-5)
    .reverse()
    .map(
      (s) =>
        `<div class="login" data-state="${esc(s.state)}"><b>${esc(s.platform)} login${s.ref ? ` of ${esc(s.ref)}` : ''}: ${esc(s.state)}</b><ul>${s.events.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>${
          s.state === 'running'
            ? `${s.needsSms ? form('/accounts/sms', `<input type="hidden" name="login" value="${s.id}"><label>SMS code <input name="code" inputmode="numeric"></label>`, 'Send') : ''}${form('/accounts/cancel', `<input type="hidden" name="login" value="${s.id}">`, 'Cancel')}`
            : ''
        }</div>`,
    )
    .join('');
  const folders = `<ul id="folders">${v.folders.map((f) => `<li>${esc(f)} ${form('/folders/remove', `<input type="hidden" name="folder" value="${esc(f)}">`, 'Remove')}</li>`).join('')}</ul>${form(
    '/folders/add',
    '<label>Folder <input name="folder" required></label>',
    'Allow this folder',
  )}`;
  const jobs = v.jobs.length
    ? `<table id="jobs"><tr><th>Started</th><th>Platform</th><th>Type</th><th>Title</th><th>Outcome</th></tr>${v.jobs
        .map(
          (j) =>
            `<tr data-job="${esc(j.jobId)}" data-state="${esc(j.state)}"><td>${esc(j.startedAt)}</td><td>${esc(j.platform)}</td><td>${esc(j.contentType)}</td><td>${esc(j.title)}</td><td>${
              j.state === 'succeeded' ? (j.url ? `published: <a href="${esc(j.url)}" rel="noreferrer">${esc(j.url)}</a>` : 'published') : j.state === 'failed' ? `failed (${esc(j.error?.code)} at ${esc(j.error?.step)}): ${esc(j.error?.message)}` : 'running'
            }</td></tr>`,
        )
        .join('')}</table>`
    : '<p id="jobs">No job has run on this computer yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plume Desktop</title><meta name="viewport" content="width=device-width">
<style>body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#222}section{border-top:1px solid #ddd;padding:.5rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{color:#666}form{display:inline-block;margin:.2rem .5rem .2rem 0}label{margin-right:.5rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:.25rem;text-align:left;vertical-align:top}.note{background:#fff6d6;padding:.5rem;border-radius:4px}</style></head>
<body><h1>Plume Desktop</h1>
${o.note ? `<p class="note" id="note" role="status">${esc(o.note)}</p>` : ''}
<section aria-labelledby="h-license"><h2 id="h-license">License</h2>${license}${activate}</section>
<section aria-labelledby="h-server"><h2 id="h-server">Server</h2><dl><dt>Address</dt><dd>${esc(v.serverUrl ?? 'not set')}</dd>
<dt>Connection</dt><dd id="connection" data-connected="${v.connected}">${v.connected ? 'connected: this computer takes publish jobs while its license allows' : v.executorRunning ? 'connecting…' : 'not connected'}</dd>
${l?.nodeId ? `<dt>Executor</dt><dd>${esc(l.nodeId)}</dd>` : ''}${v.executorError ? `<dt>Stopped</dt><dd id="executor-error">${esc(v.executorError)}</dd>` : ''}</dl></section>
<section aria-labelledby="h-accounts"><h2 id="h-accounts">Accounts</h2>${accounts}${login}${logins}</section>
<section aria-labelledby="h-folders"><h2 id="h-folders">Folders jobs may read</h2>${folders}</section>
<section aria-labelledby="h-jobs"><h2 id="h-jobs">Recent jobs</h2>${jobs}</section>
</body></html>`;
}

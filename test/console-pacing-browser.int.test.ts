/**
 * Pacing in the console, in Debian's Chromium against a control plane process
 * on PostgreSQL: an admin set a platform default through the admin API; the
 * integrator opens the Pacing panel of their account on the platform accounts
 * page at phone width, sees the default as the effective rule, sets an
 * override from the panel and sees the effective rule change (the admin API
 * agrees), then removes it; an admin sees the platform default on the Pacing
 * page. The same integrator sees their account's health (a badge in the list,
 * the state, when its cooling ends and the evidence in the Health panel) and
 * a job scheduled through the Open API on the Schedule page (moved from there an
 * hour later, and refused a time in the past), at its day and
 * time, linked to its batch. An admin, on the integrator's page, restricts the
 * account from its Health panel with a note (a note is required; the change is
 * confirmed in a dialog) and sees it restricted with their note; the
 * integrator's accounts page shows the restricted badge and state without the
 * note or the admin's name, and the admin API agrees; then the admin clears it
 * to ok (confirmed), and both views and the admin API read ok. Every view and
 * each confirm dialog passes axe-core (no serious or critical violation) and
 * logs no console error.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRepository } from '../control-plane/src/accounts/health/health.repository.js';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { acceptInvite, type ConsoleWorld, eventually, expectAccessible, expectFitsWidth, PHONE, rowsOf, startConsoleWorld } from './support/console-browser.js';

const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: true };

let world: ConsoleWorld;
let context: BrowserContext;
let page: Page;
let url: string;
let accountId: number;
let userId: number;

/** The value cell of a row of the effective-rule table. */
const effective = (label: string) =>
  page.getByRole('table', { name: 'Effective pacing of Notes main (Xiaohongshu)' }).getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

describe.skipIf(!hasPostgres())('pacing in the console', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-pacing');
    url = world.cp.url;
    const { user } = await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Paced Publishing', plan: PLAN, quotas: { web: 10, desktop: 10, edge: 10, cms: 10 } });
    const db = world.db.database.db;
    const { nodeId } = await seedNode(db, { userIds: [user.id], name: 'edge-hangzhou', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' });
    userId = user.id;
    accountId = await seedAccount(db, { userId: user.id, platform: 'xiaohongshu', nodeId, displayName: 'Notes main' });
    await world.admin('PUT', '/pacing/platforms/xiaohongshu', { minGapSeconds: 1800, jitterSeconds: 300, timeZone: 'Asia/Shanghai' });
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'ops@paced.example', role: 'user', integratorUserId: user.id });
    context = await world.browser.newContext(PHONE);
    // 400: a zone the server does not know; 422: a publish time in the past; both sent on purpose.
    page = await world.newPage(context, 'integrator', [400, 422]);
    await acceptInvite(page, `${url}${invite.url}`, 'Ivo', 'integrator password 1234');
    await page.waitForURL(`${url}/`);
  }, 120_000);

  afterAll(async () => {
    // Closed first: a problem found must not leave the control plane process running.
    const problems = [...(world?.problems ?? [])];
    await context?.close();
    await world?.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it('the integrator sets an override from the Pacing panel and sees the effective rule change; then removes it', async () => {
    await page.goto(`${url}/accounts`);
    await page.getByRole('button', { name: 'Pacing of Notes main (Xiaohongshu)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pacing of Notes main (Xiaohongshu)' });
    // The platform's default is what applies.
    await eventually(() => effective('Least gap between starts').textContent()).toBe('30 min + up to 5 min at random');
    expect(await effective('Time zone').textContent()).toBe('Asia/Shanghai');
    expect(await effective('Daily cap').textContent()).toBe('none');
    expect(await effective('Starts today').textContent()).toBe('0');
    await expectAccessible(page, 'the pacing panel');
    await expectFitsWidth(page, PHONE.viewport.width);

    await dialog.getByLabel('Least gap (seconds)').fill('90');
    await dialog.getByLabel('Daily cap').fill('4');
    await dialog.getByLabel('Time zone').fill('Europe/Berlin');
    await dialog.getByRole('button', { name: 'Save override' }).click();
    await eventually(() => effective('Least gap between starts').textContent()).toBe('1.5 min + up to 5 min at random');
    expect(await effective('Daily cap').textContent()).toBe('4 starts a day');
    expect(await effective('Time zone').textContent()).toBe('Europe/Berlin');
    expect(await rowsOf(page, 'Pacing rules of Notes main (Xiaohongshu)').first().textContent()).toContain('Your override1.5 min—4—Europe/Berlin');
    const { pacing } = await world.admin<{ pacing: { override: Record<string, unknown> } }>('GET', `/accounts/${accountId}/pacing`);
    expect(pacing.override).toMatchObject({ minGapSeconds: 90, jitterSeconds: null, dailyCap: 4, timeZone: 'Europe/Berlin', updatedBy: 'console:ops@paced.example' });

    // A zone the server does not know: the API's refusal shows, nothing changes.
    await dialog.getByLabel('Time zone').fill('Mars/Olympus_Mons');
    await dialog.getByRole('button', { name: 'Save override' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Mars/Olympus_Mons');
    expect(await effective('Time zone').textContent()).toBe('Europe/Berlin');
    await expectAccessible(page, 'the pacing panel with a refusal');

    await dialog.getByRole('button', { name: 'Remove override' }).click();
    await page.getByRole('dialog', { name: 'Remove the pacing override of Notes main (Xiaohongshu)?' }).getByRole('button', { name: 'Remove override' }).click();
    await eventually(() => effective('Least gap between starts').textContent()).toBe('30 min + up to 5 min at random');
    expect((await world.admin<{ pacing: { override: unknown } }>('GET', `/accounts/${accountId}/pacing`)).pacing.override).toBeNull();
  });

  it('an admin sees the platform defaults on the Pacing page', async () => {
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'admin@paced.example', role: 'admin' });
    const adminContext = await world.browser.newContext();
    try {
      const admin = await world.newPage(adminContext, 'admin');
      await acceptInvite(admin, `${url}${invite.url}`, 'Ada', 'admin password 123456');
      await admin.waitForURL(`${url}/`);
      await admin.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Pacing', exact: true }).click();
      await admin.waitForURL(`${url}/pacing`);
      // Off the link: a hovered link is drawn in other colours than the page's.
      await admin.mouse.move(1, 1);
      await eventually(() => rowsOf(admin, 'Platform pacing defaults').count()).toBe(1);
      expect(await rowsOf(admin, 'Platform pacing defaults').first().textContent()).toContain('xiaohongshu30 min5 min——Asia/Shanghai');
      await expectAccessible(admin, 'the pacing page');
    } finally {
      await adminContext.close();
    }
  });

  it("the integrator sees the account's health and its evidence, and a scheduled job on the Schedule page", async () => {
    // Three challenges in the window: cooling (the built-in rules), each with what the platform said.
    const db = world.db.database.db;
    const said = (n: number) => ({ accountId, kind: 'challenge', source: 'control_plane' as const, detail: { job_id: `job_seen${n}`, message: `verify it is you, try ${n}` } });
    await healthRepository.record(db, [said(1), said(2), said(3)]);
    await page.goto(`${url}/accounts`);
    const row = page.getByRole('row', { name: /Notes main/ });
    await eventually(() => row.getByText('cooling', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Health of Notes main (Xiaohongshu)' }).click();
    const health = page.getByRole('table', { name: 'Health of Notes main (Xiaohongshu)' });
    await eventually(() => health.getByRole('row', { name: /^Cooling ends/ }).count()).toBe(1);
    expect(await health.getByRole('row', { name: /^State/ }).textContent()).toContain('cooling');
    const evidence = rowsOf(page, 'Health signals of Notes main (Xiaohongshu)');
    expect(await evidence.count()).toBe(3);
    expect(await evidence.first().textContent()).toContain('verify it is you, try 3');
    expect(await evidence.first().textContent()).toContain('job_seen3');
    await expectAccessible(page, 'the health panel');
    await expectFitsWidth(page, PHONE.viewport.width);
    await page.getByRole('dialog', { name: 'Health of Notes main (Xiaohongshu)' }).getByRole('button', { name: 'Close' }).click();

    // A CMS article scheduled three hours ahead through the Open API.
    const { apiKey } = await world.admin<{ apiKey: { key: string } }>('POST', `/users/${userId}/api-keys`, { name: 'schedule' });
    const { account: site } = await world.admin<{ account: { id: number } }>('POST', `/users/${userId}/cms-sites`, {
      type: 'wordpress',
      displayName: 'Team blog',
      siteUrl: 'https://blog.paced.example',
      username: 'editor',
      password: 'abcd efgh ijkl mnop',
    });
    const openApi = async (path: string, body: unknown) => {
      const res = await fetch(`${url}/api/openapi/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, path).toBeLessThan(300);
      return (await res.json()) as Record<string, any>;
    };
    const article = await openApi('/articles', { title: 'Scheduled release notes', content: '# Soon\n\nBody.', contentProvenance: 'human' });
    const publishAt = new Date(Date.now() + 3 * 3_600_000);
    const batch = await openApi('/publish', { articleId: article.article_id, executor: 'web', accountIds: [site.id], publishAt: publishAt.toISOString() });
    expect(batch.jobs[0].state).toBe('scheduled');

    // The week that holds it (the page and this test share the machine's zone).
    const day = `${publishAt.getFullYear()}-${String(publishAt.getMonth() + 1).padStart(2, '0')}-${String(publishAt.getDate()).padStart(2, '0')}`;
    await page.goto(`${url}/schedule?week=${day}`);
    const dayLabel = publishAt.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
    const column = page.getByRole('region', { name: `${dayLabel}: 1 scheduled` });
    await eventually(() => column.getByRole('article').count()).toBe(1);
    const job = column.getByRole('article');
    expect(await job.textContent()).toContain('Scheduled release notes');
    expect(await job.textContent()).toContain('wordpress · Team blog');
    expect(await job.locator('time').getAttribute('datetime')).toBe(publishAt.toISOString());
    expect(await job.getByRole('link', { name: `Batch ${batch.batch_id}` }).getAttribute('href')).toBe(`/history/${batch.batch_id}`);
    await expectAccessible(page, 'the schedule page');
    await expectFitsWidth(page, PHONE.viewport.width);

    // Moved an hour later from the page, in the reader's time: the calendar and the Open API show the new time.
    const jobId = batch.jobs[0].job_id as string;
    const later = new Date(publishAt.getTime() + 3_600_000);
    later.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const typed = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`;
    await job.getByRole('button', { name: `Move the job ${jobId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Move “Scheduled release notes”' });
    await dialog.getByLabel('New publish time').fill(typed);
    await expectAccessible(page, 'the move dialog');
    await expectFitsWidth(page, PHONE.viewport.width);
    await dialog.getByRole('button', { name: 'Move the job' }).click();
    await eventually(() => dialog.count()).toBe(0);
    const laterDay = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}`;
    await page.goto(`${url}/schedule?week=${laterDay}`);
    await eventually(() => page.locator(`time[datetime="${later.toISOString()}"]`).count()).toBe(1);
    const res = await fetch(`${url}/api/openapi/v1/publish/${batch.batch_id}`, { headers: { authorization: `Bearer ${apiKey.key}` } });
    const after = (await res.json()) as Record<string, any>;
    expect(after.jobs[0]).toMatchObject({ job_id: jobId, state: 'scheduled' });
    // A time in the past is refused in the dialog with the API's words, and the job stays where it was.
    await page.getByRole('button', { name: `Move the job ${jobId}` }).click();
    const again = page.getByRole('dialog', { name: 'Move “Scheduled release notes”' });
    await again.getByLabel('New publish time').fill('2001-01-01T10:00');
    await again.getByRole('button', { name: 'Move the job' }).click();
    await eventually(() => again.getByText(/is in the past/).count()).toBe(1);
    await again.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator(`time[datetime="${later.toISOString()}"]`).count()).toBe(1);
  });

  it("an admin restricts the account with a note and clears it to ok, each confirmed; the integrator sees the state, never the note", async () => {
    const restrictNote = 'The platform flagged the account: hold it until the owner verifies';
    const clearNote = 'The owner verified on the platform';
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'warden@paced.example', role: 'admin' });
    const adminContext = await world.browser.newContext();
    try {
      const admin = await world.newPage(adminContext, 'health admin');
      await acceptInvite(admin, `${url}${invite.url}`, 'Wanda', 'admin password 654321');
      await admin.waitForURL(`${url}/`);
      await admin.goto(`${url}/integrators/${userId}`);
      // The admin's pages name the platform by its code.
      const listed = rowsOf(admin, 'Platform accounts').filter({ hasText: 'Notes main' });
      await eventually(() => listed.count()).toBe(1);
      await admin.getByRole('button', { name: 'Health of Notes main (xiaohongshu)' }).click();
      const panel = admin.getByRole('dialog', { name: 'Health of Notes main (xiaohongshu)' });
      const state = () => panel.getByRole('table', { name: 'Health of Notes main (xiaohongshu)' }).getByRole('row', { name: /^State/ }).textContent();
      const note = panel.getByRole('textbox', { name: 'Note' });
      const restrict = panel.getByRole('button', { name: 'Restrict', exact: true });
      // Whatever the rules made of it before (cooling after the signals above), it is not restricted yet.
      await eventually(() => restrict.count()).toBe(1);
      expect(await state()).not.toContain('restricted');
      // The note is required: without one neither change can be asked for.
      expect(await restrict.isDisabled()).toBe(true);

      await note.fill(restrictNote);
      await restrict.click();
      const confirmRestrict = admin.getByRole('dialog', { name: 'Restrict Notes main (xiaohongshu)?' });
      expect(await confirmRestrict.textContent()).toContain('No job of the account starts until an admin clears it');
      await expectAccessible(admin, 'the restrict dialog');
      await confirmRestrict.getByRole('button', { name: 'Restrict', exact: true }).click();
      await eventually(() => confirmRestrict.count()).toBe(0);
      await eventually(state).toContain('restricted');
      expect(await panel.getByRole('status').textContent()).toBe('Now restricted.');
      expect(await panel.textContent()).toContain(`Changed by warden@paced.example`);
      expect(await panel.textContent()).toContain(`: \u201c${restrictNote}\u201d`);
      expect(await note.inputValue()).toBe('');
      // The list behind the panel has the new badge.
      await eventually(() => listed.getByText('restricted', { exact: true }).count()).toBe(1);
      const restricted = await world.admin<{ health: Record<string, unknown> }>('GET', `/accounts/${accountId}/health`);
      expect(restricted.health).toMatchObject({ state: 'restricted', reason: 'admin', note: restrictNote, changedBy: 'warden@paced.example' });

      // The integrator: the badge and the state, set by an admin, and neither the note nor who wrote it.
      await page.goto(`${url}/accounts`);
      const row = page.getByRole('row', { name: /Notes main/ });
      await eventually(() => row.getByText('restricted', { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: 'Health of Notes main (Xiaohongshu)' }).click();
      const mine = page.getByRole('table', { name: 'Health of Notes main (Xiaohongshu)' });
      await eventually(() => mine.getByRole('row', { name: /^State/ }).textContent()).toContain('restricted');
      expect(await mine.getByRole('row', { name: /^Last change/ }).textContent()).toContain('set by an admin');
      expect(await page.locator('body').innerText()).not.toContain(restrictNote);
      expect(await page.locator('body').innerText()).not.toContain('warden@paced.example');
      await page.getByRole('dialog', { name: 'Health of Notes main (Xiaohongshu)' }).getByRole('button', { name: 'Close' }).click();

      // Cleared to ok: Restrict is back, Clear to ok gone, both views and the admin API read ok.
      await note.fill(clearNote);
      await panel.getByRole('button', { name: 'Clear to ok', exact: true }).click();
      const confirmClear = admin.getByRole('dialog', { name: 'Clear Notes main (xiaohongshu) to ok?' });
      expect(await confirmClear.textContent()).toContain('What was counted is forgiven');
      await expectAccessible(admin, 'the clear dialog');
      await confirmClear.getByRole('button', { name: 'Clear to ok', exact: true }).click();
      await eventually(() => confirmClear.count()).toBe(0);
      await eventually(state).toMatch(/^State\s*ok\b/);
      expect(await panel.getByRole('status').textContent()).toBe('Now ok.');
      expect(await panel.textContent()).toContain(`: \u201c${clearNote}\u201d`);
      expect(await panel.getByRole('button', { name: 'Clear to ok', exact: true }).count()).toBe(0);
      expect(await restrict.count()).toBe(1);
      await eventually(() => listed.getByText('ok', { exact: true }).count()).toBe(1);
      const cleared = await world.admin<{ health: Record<string, unknown> }>('GET', `/accounts/${accountId}/health`);
      expect(cleared.health).toMatchObject({ state: 'ok', reason: 'admin', note: clearNote, changedBy: 'warden@paced.example' });

      await page.reload();
      await eventually(() => row.getByText('ok', { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: 'Health of Notes main (Xiaohongshu)' }).click();
      await eventually(() => mine.getByRole('row', { name: /^State/ }).textContent()).toMatch(/^State\s*ok\b/);
      expect(await page.locator('body').innerText()).not.toContain(clearNote);
      await page.getByRole('dialog', { name: 'Health of Notes main (Xiaohongshu)' }).getByRole('button', { name: 'Close' }).click();
    } finally {
      await adminContext.close();
    }
  });
});

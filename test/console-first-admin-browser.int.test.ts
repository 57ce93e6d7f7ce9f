/**
 * A new installation's console in Debian's Chromium: the login page says where
 * the first admin's setup link is; the link the control plane printed at its
 * start (no admin yet) opens the setup page, which takes the email, name and
 * password and logs the new admin in; the link is spent afterwards. The
 * control plane is the compiled one on its own database, serving the built
 * console (`npm run build` first).
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleWorld, eventually, expectAccessible, logIn, startConsoleWorld } from './support/console-browser.js';

let world: ConsoleWorld;
let context: BrowserContext;

beforeAll(async () => {
  world = await startConsoleWorld('first-admin');
  context = await world.browser.newContext();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await world?.close();
});

const PASSWORD = 'a first admin password, long enough';

/** The link the control plane printed once it listened. */
async function printedLink(): Promise<string> {
  await eventually(() => /^plume: {3}http:\/\/\S+\/invite\/pci_\S+$/m.test(world.cp.output())).toBe(true);
  return /^plume: {3}(http:\/\/\S+\/invite\/pci_\S+)$/m.exec(world.cp.output())![1]!;
}

describe('the first admin', () => {
  it('the login page points at the setup link; the printed link makes the first admin, logged in; then it is spent', async () => {
    const login = await world.newPage(context, 'login');
    await login.goto(`${world.cp.url}/login`);
    const hint = login.getByTestId('first-admin-hint');
    await eventually(() => hint.count()).toBe(1);
    expect(await hint.textContent()).toMatch(/one-time setup link.*console-setup-link.*data directory/s);
    await expectAccessible(login, 'login with the setup hint');

    const link = await printedLink();
    expect(link.startsWith(`${world.cp.url}/invite/`)).toBe(true);
    const setup = await world.newPage(context, 'setup');
    await setup.goto(link);
    await eventually(() => setup.getByRole('heading', { name: 'Set up the Plume console' }).count()).toBe(1);
    await expectAccessible(setup, 'setup page');
    await setup.getByLabel(/^Email\W*$/).fill('first.admin@example.test');
    await setup.getByLabel('Your name').fill('First Admin');
    await setup.getByLabel(/^Password\W*$/).fill(PASSWORD);
    await setup.getByLabel('Repeat the password').fill(PASSWORD);
    await setup.getByRole('button', { name: 'Create the admin and log in' }).click();
    await setup.waitForURL(`${world.cp.url}/`);
    await setup.goto(`${world.cp.url}/users`);
    await eventually(() => setup.getByRole('cell', { name: 'first.admin@example.test', exact: true }).count()).toBe(1);

    // Spent: a second visit shows the refusal, and the admin logs in with what the page took.
    const again = await world.newPage(await world.browser.newContext(), 'spent link');
    await again.goto(link);
    await eventually(() => again.getByRole('alert').count()).toBeGreaterThan(0);
    expect(await again.getByRole('alert').first().textContent()).toMatch(/already used, has expired, or does not exist/);
    const fresh = await world.newPage(await world.browser.newContext(), 'login again');
    await logIn(fresh, world.cp.url, 'first.admin@example.test', PASSWORD);
    await fresh.waitForURL(`${world.cp.url}/`);
    expect(world.problems).toEqual([]);
  }, 180_000);
});

/**
 * The embedded database in a data directory reached through a symlink, as
 * systemd's DynamicUser= lays out /var/lib/<StateDirectory> (a link into
 * /var/lib/private). PGlite fails with ENOENT on such a path; found running
 * systemd/plume-control-plane.service under a real systemd.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openPglite, rows } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'plume-pglite-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('opens, writes and reopens a data directory that is a symlink', async () => {
  mkdirSync(join(dir, 'private', 'plume-control-plane'), { recursive: true });
  const link = join(dir, 'plume-control-plane');
  symlinkSync('private/plume-control-plane', link);

  const first = await openPglite(link);
  await first.db.execute(sql`create table kept (note text)`);
  await first.db.execute(sql`insert into kept values ('through the link')`);
  await first.close();

  const again = await openPglite(link);
  try {
    expect(await rows(again.db, sql`select note from kept`)).toEqual([{ note: 'through the link' }]);
  } finally {
    await again.close();
  }
}, 180_000); // creating a cluster takes seconds alone, minutes on a loaded 2-core machine

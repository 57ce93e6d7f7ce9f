/**
 * A throwaway PostgreSQL database per benchmark run: created on the server
 * named by DATABASE_URL (default: the local trust-auth postgres), dropped at
 * the end even when the run fails, so runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createScratchDatabase(serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_URL) {
  const name = `plume_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    // The name is generated above ([a-z0-9_]), so interpolating it is safe.
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        // FORCE (PostgreSQL 13+) ends connections a killed server may have left behind.
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

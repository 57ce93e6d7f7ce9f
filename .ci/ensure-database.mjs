// Creates the database named in the URL if it does not exist (CI's first run on a machine).
import postgres from 'postgres';

const target = new URL(process.argv[2]);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`refusing odd database name ${name}`);
const server = new URL(target);
server.pathname = '/postgres';
const sql = postgres(server.toString(), { max: 1, onnotice: () => {} });
for (let attempt = 1; ; attempt++) {
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql.unsafe(`create database "${name}"`);
    break;
  } catch (error) {
    if (attempt >= 30) throw error;
    await new Promise((r) => setTimeout(r, 1000)); // PostgreSQL may still be starting
  }
}
await sql.end();
console.log(`database ${name} ready`);

import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (npm run db:generate), committed, and
// applied by the control plane at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './control-plane/src/**/*.schema.ts',
  out: './control-plane/drizzle',
});

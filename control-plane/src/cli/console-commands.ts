/** plume-admin commands over the console's people: the first admin's invite. */
import { type Command, printJson, required, str, usageError } from './command.js';

/** The same check the server makes, so a typo is a usage error before anything is sent. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const consoleCommands: Command[] = [
  {
    name: 'console-users create-admin',
    usage: '--email EMAIL [--name NAME]',
    summary: 'Invite the console\'s first admin: prints a single-use invite path (valid 7 days) where they set their password',
    options: { email: { type: 'string' }, name: { type: 'string' } },
    async run(ctx) {
      const email = required(ctx.opts, 'email');
      if (!EMAIL.test(email) || email.length > 254) throw usageError(`--email must be an email address, not "${email}"`);
      const name = str(ctx.opts, 'name');
      const body = await ctx.http.json('POST', '/api/admin/console-invites', { body: { email, role: 'admin', ...(name ? { name } : {}) } });
      if (ctx.json) return printJson(ctx, body);
      const invite = body.invite as { email: string; role: string; expiresAt: string; url: string };
      ctx.io.out(
        `Invite for ${invite.email} (role ${invite.role}), valid until ${invite.expiresAt}, usable once:\n` +
          `  ${invite.url}\n` +
          `Hand it over privately; they open it on the console's address (for example ${ctx.http.baseUrl}${invite.url}) and choose their password.\n` +
          'It is not shown again: run this command again for a new one.\n',
      );
    },
  },
];

/**
 * The in-process control plane (createTestApp) listening on a loopback port,
 * for tests whose other side is a real process (an edge node): the app, its
 * URL, a user, and a token to enroll one edge node for that user.
 */
import { createTestApp, type TestApp } from '../../control-plane/src/testing/app.js';
import { createUser, type TestUser, type UserSpec } from '../../control-plane/src/testing/openapi.js';

export interface ListeningApp {
  t: TestApp;
  url: string;
  user: TestUser;
  enrollmentToken: string;
}

/** `nodeName` names the enrollment token. Closing is the caller's: `t.close()`. */
export async function startListeningApp(user: UserSpec, nodeName: string, app: Parameters<typeof createTestApp>[0] = {}): Promise<ListeningApp> {
  const t = await createTestApp(app);
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const created = await createUser(t.app, t.adminHeaders, user);
    const token = await t.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: t.adminHeaders, payload: { kind: 'edge', userIds: [created.id], name: nodeName } });
    if (token.statusCode !== 201) throw new Error(`enrollment token: ${token.statusCode} ${token.body}`);
    return { t, url, user: created, enrollmentToken: token.json().token as string };
  } catch (e) {
    await t.close();
    throw e;
  }
}

/**
 * Desktop nodes whose identity is a license v2 device. A device that enrolls
 * with a code tied to a user gets an execution node of kind `desktop`: its
 * public key is the device key (both are base64url 32-byte Ed25519 keys, so
 * the node handshake verifies the device's signatures as they are), its
 * machineId the device's, serving exactly that user. desktop_node_devices
 * records which device each such node is. Methods take the database or a
 * transaction: enroll and revoke call them inside their own.
 */
import { sql } from 'drizzle-orm';
import { randomId } from '../crypto/tokens.js';
import { type Db, rows } from '../db/client.js';
import { nodeRegistry, notifyNodes } from './node-registry.repository.js';
import { sweeps } from './sweeps.repository.js';

export interface DesktopDevice {
  deviceId: number;
  userId: number;
  publicKey: string;
  machineId: string;
}

/** Node names are for people; a machine id can be long. */
const nodeName = (machineId: string) => `desktop ${machineId}`.slice(0, 120);

export const desktopNodes = {
  /** The node of a device, if it has one. */
  async ofDevice(db: Db, deviceId: number): Promise<{ nodeId: string; status: string } | null> {
    const [row] = await rows<{ nodeId: string; status: string }>(
      db,
      sql`select n.id as "nodeId", n.status from desktop_node_devices l join execution_nodes n on n.id = l.node_id where l.device_id = ${deviceId}`,
    );
    return row ?? null;
  },

  /**
   * Makes the device's node, or finds the one it has (the same device
   * enrolling again). A re-enroll that re-keyed the device re-keys the node:
   * the epoch is bumped, so a socket opened with the old key changes nothing
   * more, and the replica holding it closes it on the notice.
   */
  async ensureForDevice(db: Db, d: DesktopDevice): Promise<{ nodeId: string; created: boolean }> {
    const [existing] = await rows<{ nodeId: string; publicKey: string | null }>(
      db,
      sql`select n.id as "nodeId", n.public_key as "publicKey" from desktop_node_devices l
          join execution_nodes n on n.id = l.node_id where l.device_id = ${d.deviceId} for update of n`,
    );
    if (!existing) {
      const nodeId = randomId('node', 12);
      await db.execute(sql`
        insert into execution_nodes (id, kind, name, public_key, machine_id, status)
        values (${nodeId}, 'desktop', ${nodeName(d.machineId)}, ${d.publicKey}, ${d.machineId}, 'active')`);
      await db.execute(sql`insert into node_users (node_id, user_id) values (${nodeId}, ${d.userId})`);
      await db.execute(sql`insert into desktop_node_devices (node_id, device_id) values (${nodeId}, ${d.deviceId})`);
      return { nodeId, created: true };
    }
    if (existing.publicKey !== d.publicKey) {
      const [bumped] = await rows<{ epoch: number }>(
        db,
        sql`update execution_nodes set public_key = ${d.publicKey}, session_epoch = session_epoch + 1
            where id = ${existing.nodeId} returning session_epoch::int as epoch`,
      );
      await notifyNodes(db, { type: 'connected', nodeId: existing.nodeId, epoch: Number(bumped!.epoch) });
    }
    return { nodeId: existing.nodeId, created: false };
  },

  /**
   * The device was revoked: so is its node (the replica holding its socket
   * closes it on the NOTIFY, sent at commit), and the node's unfinished jobs
   * are settled as for any revoked node. Idempotent; null when the device has
   * no node.
   */
  async revokeOfDevice(db: Db, deviceId: number): Promise<{ nodeId: string; alreadyRevoked: boolean } | null> {
    const node = await this.ofDevice(db, deviceId);
    if (!node) return null;
    if (node.status === 'revoked') return { nodeId: node.nodeId, alreadyRevoked: true };
    await nodeRegistry.setStatus(db, node.nodeId, 'revoked');
    await sweeps.settleRevokedNode(db, node.nodeId);
    return { nodeId: node.nodeId, alreadyRevoked: false };
  },
};

import { Badge } from '@mantine/core';
import type { AdminPaths } from '../api/paths.js';

export type AdminNode = AdminPaths['/api/admin/nodes']['get']['responses'][200]['content']['application/json']['items'][number];
export type AdminNodeDetail = AdminPaths['/api/admin/nodes/{nodeId}']['get']['responses'][200]['content']['application/json']['node'];
export type NodeCapabilities = AdminNode['capabilities'];

/** How often the node pages ask again: a node's heartbeat comes every few seconds, and one counts as offline after 60 s without one. */
export const LIVE_REFRESH_MS = 5_000;

/** What an operator asks first: revoked and draining say what the control plane decided; otherwise whether it is connected now. */
export type LiveState = 'online' | 'offline' | 'draining' | 'revoked';

export function liveState(node: Pick<AdminNode, 'status' | 'online'>): LiveState {
  if (node.status === 'revoked') return 'revoked';
  if (node.status === 'draining') return 'draining';
  return node.online ? 'online' : 'offline';
}

/** The state in words, in a badge; offline and revoked in the error colour (dark red 9: AA contrast on white), the others in the text colour. */
export function NodeStateBadge({ node }: { node: Pick<AdminNode, 'status' | 'online'> }) {
  const state = liveState(node);
  return (
    <Badge variant="outline" color={state === 'online' || state === 'draining' ? 'dark' : 'red.9'}>
      {state}
    </Badge>
  );
}

/** Jobs on the node against the jobs it runs at once (its reported concurrency; unknown before its first connection). */
export function slotsInUse(node: Pick<AdminNode, 'jobsInFlight' | 'capabilities'>): string {
  const slots = node.capabilities.concurrency;
  return slots === undefined ? `${node.jobsInFlight} of ?` : `${node.jobsInFlight} of ${slots}`;
}

/** The users a node serves, in a few words. */
export function servedUsers(node: Pick<AdminNode, 'allUsers' | 'userIds'>): string {
  const named = node.userIds.length === 1 ? '1 user' : `${node.userIds.length} users`;
  if (node.allUsers) return node.userIds.length ? `every user (and ${named} by name)` : 'every user';
  return named;
}

/** User ids typed as "7, 12 31": the numbers, or the first thing that is not one. */
export function parseUserIds(text: string): { ids: number[] } | { bad: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^[1-9][0-9]{0,9}$/.test(part) || Number(part) > 2 ** 31 - 1) return { bad: part };
    if (!ids.includes(Number(part))) ids.push(Number(part));
  }
  return { ids };
}

/**
 * An integrator's Open API keys, as their own page and the admin's page of
 * the integrator both show them: the console API and the admin API answer a
 * key in the same shape, `KeyRow`.
 */
import { Badge, Stack, Text } from '@mantine/core';
import { ConfirmButton } from './confirm-button.js';
import { ErrorAlert } from './error-alert.js';
import { when } from './format.js';
import { ACTIONS, DataTable } from './query-table.js';

export interface KeyRow {
  id: string;
  name: string;
  /** The first characters of the key, enough to tell it from the others. */
  keyPrefix: string;
  permissions: readonly string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface KeyListProps {
  /** Undefined while the list loads. */
  keys: readonly KeyRow[] | undefined;
  error: unknown;
  /** Revokes a key; without it (a reader who may not write) the list has no buttons. */
  onRevoke?: (id: string) => void;
  /** What the confirmation says happens to the programs using the key. */
  revokeDetails: string;
  miw: number;
}

export function KeyList({ keys, error, onRevoke, revokeDetails, miw }: KeyListProps) {
  return (
    <Stack>
      <ErrorAlert error={error} />
      {!keys && !error && <Text>Loading…</Text>}
      {keys && keys.length === 0 && <Text>No key yet.</Text>}
      {keys && keys.length > 0 && (
        <DataTable
          label="API keys"
          miw={miw}
          rows={keys}
          rowKey={(k) => k.id}
          columns={[
            { header: 'Name', cell: (k) => k.name },
            { header: 'Starts with', td: { ff: 'monospace' }, cell: (k) => `${k.keyPrefix}…` },
            { header: 'Permissions', cell: (k) => k.permissions.join(', ') || 'none' },
            { header: 'Created', cell: (k) => when(k.createdAt) },
            { header: 'Last used', cell: (k) => when(k.lastUsedAt) },
            {
              header: 'State',
              cell: (k) => (
                <Badge color={k.revokedAt ? 'red.9' : 'dark'} variant="outline">
                  {k.revokedAt ? 'revoked' : 'active'}
                </Badge>
              ),
            },
            onRevoke && {
              header: ACTIONS,
              cell: (k) =>
                !k.revokedAt && (
                  <ConfirmButton
                    size="xs"
                    question={`Revoke the key “${k.name}”?`}
                    details={revokeDetails}
                    confirmLabel="Revoke key"
                    onConfirm={() => onRevoke(k.id)}
                    aria-label={`Revoke the key ${k.name}`}
                  >
                    Revoke
                  </ConfirmButton>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

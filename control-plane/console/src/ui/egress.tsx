/**
 * Where a platform account publishes from, for admins (GET
 * /api/admin/accounts/{id}/egress): the network its jobs start from (the
 * address its node connected from, as a /24 or /48), since when, through
 * which node, and each change of it. A change is also an `egress_changed`
 * health signal; platforms ask a login from a new network to verify.
 */
import { Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../api/client.js';
import { ErrorAlert } from './error-alert.js';
import { when } from './format.js';
import { DataTable } from './query-table.js';

/** A change shows at the account's next job start: the section keeps up while it is open. */
const REFRESH_MS = 10_000;

const EXPLAIN =
  'The network (IPv4 /24, IPv6 /48) of the address the account\u2019s node connected from when a job of the account started. Platforms score data-centre addresses as riskier and ask a login from a new network to verify: an account is safest on one node, on a residential line, with one egress.';

export function AccountEgress({ accountId, name }: { accountId: number; name: string }) {
  const egress = useQuery({
    queryKey: ['admin', 'accounts', accountId, 'egress'],
    queryFn: () => unwrap(adminApi.GET('/api/admin/accounts/{accountId}/egress', { params: { path: { accountId } } })),
    refetchInterval: REFRESH_MS,
  });
  const e = egress.data?.egress;
  return (
    <>
      <Title order={3} size="h5">
        Egress
      </Title>
      <Text size="sm">{EXPLAIN}</Text>
      <ErrorAlert error={egress.error} />
      {e && (
        <Table aria-label={`Egress of ${name}`} withRowBorders>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w="40%">
                Network
              </Table.Th>
              <Table.Td>{e.network ?? 'not known yet: no job of it has started from a known address'}</Table.Td>
            </Table.Tr>
            {e.network && (
              <>
                <Table.Tr>
                  <Table.Th scope="row">Since</Table.Th>
                  <Table.Td>{when(e.since)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Node</Table.Th>
                  <Table.Td>{e.nodeId ?? '—'}</Table.Td>
                </Table.Tr>
              </>
            )}
            <Table.Tr>
              <Table.Th scope="row">Last change</Table.Th>
              <Table.Td>{e.lastChange ? `${when(e.lastChange.at)}: ${e.lastChange.from} \u2192 ${e.lastChange.to}` : 'never changed'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {e && e.changes.length > 0 && (
        <DataTable
          label={`Egress changes of ${name}`}
          regionLabel={`Egress changes of ${name}, table`}
          miw={640}
          rows={e.changes}
          rowKey={(c) => `${c.at} ${c.to}`}
          columns={[
            { header: 'When', cell: (c) => when(c.at) },
            { header: 'From', cell: (c) => c.from },
            { header: 'To', cell: (c) => c.to },
            { header: 'Node', cell: (c) => (c.fromNodeId === c.nodeId ? (c.nodeId ?? '—') : `${c.fromNodeId ?? '—'} \u2192 ${c.nodeId ?? '—'}`) },
            { header: 'Job', cell: (c) => c.jobId ?? '—' },
          ]}
        />
      )}
    </>
  );
}

/** The egress of one account in a dialog (the node page's accounts open it). */
export function AccountEgressPanel({ account, onClose }: { account: { id: number; displayName: string; platform: string }; onClose: () => void }) {
  const name = `${account.displayName} (${account.platform})`;
  return (
    <Modal opened onClose={onClose} title={`Egress of ${name}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack component="section" aria-label="Egress">
        <AccountEgress accountId={account.id} name={name} />
      </Stack>
    </Modal>
  );
}

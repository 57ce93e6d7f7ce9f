/**
 * The users a node serves, on its page: the list, adding users by id,
 * removing one (asked first: that user's accounts on the node stop being
 * publishable), and for web nodes serving every user or no longer.
 */
import { Button, Group, Paper, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { type AdminNodeDetail, parseUserIds } from '../../ui/node-state.js';
import { TableScroll } from '../../ui/table-scroll.js';

type Change = { userIds?: number[]; allUsers?: true };

export function NodeUsersPanel({ node, canWrite }: { node: AdminNodeDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  const path = { path: { nodeId: node.id } };
  const change = useMutation({
    mutationFn: async ({ verb, body }: { verb: 'add' | 'remove'; body: Change }): Promise<void> => {
      if (verb === 'add') await unwrap(adminApi.POST('/api/admin/nodes/{nodeId}/users/add', { params: path, body }));
      else await unwrap(adminApi.POST('/api/admin/nodes/{nodeId}/users/remove', { params: path, body }));
    },
    onSuccess: (_answer, { verb }) => verb === 'add' && setText(''),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'nodes'] }),
  });
  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseUserIds(text);
    if ('bad' in parsed) return setTyped(`“${parsed.bad}” is not a user id: user ids are whole numbers from 1.`);
    if (parsed.ids.length === 0) return setTyped('Type one or more user ids.');
    setTyped(null);
    change.mutate({ verb: 'add', body: { userIds: parsed.ids } });
  };
  const writable = canWrite && node.status !== 'revoked';
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        Users it serves
      </Title>
      <Text size="sm" mt="xs">
        {node.allUsers
          ? 'Every user, present and future (the web pool), besides those named below.'
          : 'Only the users below: jobs of other users never go to this node.'}
      </Text>
      {node.userIds.length === 0 ? (
        <Text size="sm" mt="xs">
          No user by name.
        </Text>
      ) : (
        <TableScroll label="Users it serves">
          <Table aria-label="Users it serves" mt="xs" maw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User id</Table.Th>
                {writable && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {node.userIds.map((id) => (
                <Table.Tr key={id}>
                  <Table.Td>{id}</Table.Td>
                  {writable && (
                    <Table.Td>
                      <ConfirmButton
                        size="xs"
                        question={`Stop serving user ${id}?`}
                        details="Their accounts on this node stop being publishable; on a web node they move to another web node serving them."
                        confirmLabel="Remove user"
                        onConfirm={() => change.mutate({ verb: 'remove', body: { userIds: [id] } })}
                        aria-label={`Remove user ${id}`}
                      >
                        Remove
                      </ConfirmButton>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {writable && (
        <>
          <form onSubmit={add}>
            <Group align="flex-end" mt="md" wrap="wrap">
              <TextInput
                label="User ids to add"
                description="Separated by commas or spaces"
                maxLength={1200}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={typed}
                w={260}
              />
              <Button type="submit" loading={change.isPending && change.variables?.verb === 'add'}>
                Add users
              </Button>
            </Group>
          </form>
          {node.kind === 'web' && (
            <Group mt="md">
              {node.allUsers ? (
                <ConfirmButton
                  question="Stop serving every user?"
                  details="The node then serves only the users named above; the accounts of others on it stop being publishable or move to another web node."
                  confirmLabel="Stop serving every user"
                  onConfirm={() => change.mutate({ verb: 'remove', body: { allUsers: true } })}
                >
                  Stop serving every user
                </ConfirmButton>
              ) : (
                <Button variant="default" onClick={() => change.mutate({ verb: 'add', body: { allUsers: true } })}>
                  Serve every user
                </Button>
              )}
            </Group>
          )}
        </>
      )}
      <ErrorAlert error={change.error} mt="md" />
    </Paper>
  );
}

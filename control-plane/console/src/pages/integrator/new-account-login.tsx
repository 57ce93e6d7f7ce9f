/**
 * Logging a new account in: the integrator picks a node and a platform among
 * those GET /me/login-nodes offers (nodes that serve them, are online and
 * open that platform's login page), then the live login dialog the relog
 * uses takes over. Whichever account logs in on the page becomes theirs on
 * that node.
 */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import type { ConsolePaths } from '../../api/paths.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { LoginDialog } from './account-login.js';

type LoginNode = ConsolePaths['/api/console/me/login-nodes']['get']['responses'][200]['content']['application/json']['nodes'][number];

const KIND_TEXT: Record<LoginNode['kind'], string> = { edge: 'edge node', desktop: 'desktop application', web: 'Plume\'s web pool' };

interface Choice {
  node: LoginNode;
  platform: LoginNode['platforms'][number];
}

export function NewAccountLogin({ onSucceeded, onClose }: { onSucceeded: () => void; onClose: () => void }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  if (choice) {
    return (
      <LoginDialog
        title={`Log in a new ${choice.platform.platformName} account on ${choice.node.name}`}
        platformName={choice.platform.platformName}
        start={() => unwrap(consoleApi.POST('/api/console/me/logins', { body: { nodeId: choice.node.id, platform: choice.platform.platform } }))}
        succeededText="The account appears in your list as soon as the node reports it, in a few seconds."
        onSucceeded={onSucceeded}
        onClose={onClose}
      />
    );
  }
  return <Chooser onChosen={setChoice} onClose={onClose} />;
}

function Chooser({ onChosen, onClose }: { onChosen: (c: Choice) => void; onClose: () => void }) {
  const nodes = useQuery({ queryKey: ['me', 'login-nodes'], queryFn: () => unwrap(consoleApi.GET('/api/console/me/login-nodes')) });
  const [nodeId, setNodeId] = useState<string | null>(null);
  const [platform, setPlatform] = useState<string | null>(null);
  const list = nodes.data?.nodes ?? [];
  // One node, or one platform on it: nothing to choose.
  const node = list.find((n) => n.id === nodeId) ?? (list.length === 1 ? list[0] : undefined);
  const chosen = node?.platforms.find((p) => p.platform === platform) ?? (node?.platforms.length === 1 ? node.platforms[0] : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (node && chosen) onChosen({ node, platform: chosen });
  };
  return (
    <Modal opened onClose={onClose} title="Log in a new account" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack component="form" onSubmit={submit}>
        <ErrorAlert error={nodes.error} />
        {nodes.isPending && <Text role="status">Looking for nodes that can open a login page…</Text>}
        {nodes.data && list.length === 0 && (
          <Text role="status">
            No node can open a login page for you now: a node must serve you, be online and open the platform's login page. Check that your node is running, or ask your
            operator.
          </Text>
        )}
        {list.length > 0 && (
          <>
            <Text size="sm">The node opens the platform's login page and shows it here. Whichever account logs in there becomes yours on that node.</Text>
            <Select
              label="Node"
              placeholder="Choose a node"
              data={list.map((n) => ({ value: n.id, label: n.name }))}
              value={node?.id ?? null}
              onChange={(v) => {
                setNodeId(v);
                setPlatform(null);
              }}
              description={node ? `${KIND_TEXT[node.kind]}, ${node.id}` : 'Online nodes that serve you'}
              allowDeselect={false}
            />
            <Select
              label="Platform"
              placeholder={node ? 'Choose a platform' : 'Choose a node first'}
              disabled={!node}
              data={(node?.platforms ?? []).map((p) => ({ value: p.platform, label: p.platformName }))}
              value={chosen?.platform ?? null}
              onChange={setPlatform}
              allowDeselect={false}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!node || !chosen}>
            Open the login page
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

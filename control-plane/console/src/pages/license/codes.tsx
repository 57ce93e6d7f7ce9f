/**
 * Activation codes: generate (large batches go out in calls of GENERATE_CHUNK
 * codes, with a progress bar and a stop button), the filtered list, disabling
 * one, and the API's CSV export of the same filter.
 */
import { Badge, Button, Group, NumberInput, Paper, Progress, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import type { AdminPaths } from '../../api/paths.js';
import { CODE_STATES, codesSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { CsvExportButton, saveFile } from '../../ui/csv-export.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { useTextFilter, useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const CODES = ['admin', 'codes'] as const;
const PAGE_SIZE = 50;
/** Codes per generate call: each call answers in well under a second, so the bar moves and a stop takes effect soon. */
const GENERATE_CHUNK = 5_000;
const MAX_RUN = 500_000;
type CodeFilter = NonNullable<AdminPaths['/api/admin/codes']['get']['parameters']['query']>;
type Mode = NonNullable<CodeFilter['licenseMode']>;

export function CodesPage() {
  const canWrite = useCanWrite();
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Activation codes</Title>
      <Text mt="xs">A COUNT code grants a number of uses; a TIME code is valid until a date. A code binds to the first device that enrolls with it.</Text>
      {canWrite ? <Generate /> : <Text mt="md">You have read-only access: generating and disabling codes need the admin role.</Text>}
      <CodeList canWrite={canWrite} />
    </RoleGate>
  );
}

interface GeneratedCode {
  code: string;
  projectKey: string;
  licenseMode: Mode;
  remainingCount: number | null;
  expiresAt: string | null;
  userId: number | null;
}

/** Codes serving a user say which (a userId column); pure licenses keep the five columns. */
function codesCsv(codes: GeneratedCode[]): string {
  const forUser = codes.some((c) => c.userId !== null);
  const lines = [
    `code,projectKey,licenseMode,remainingCount,expiresAt${forUser ? ',userId' : ''}`,
    ...codes.map((c) => [c.code, c.projectKey, c.licenseMode, c.remainingCount ?? '', c.expiresAt ?? '', ...(forUser ? [c.userId ?? ''] : [])].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

function Generate() {
  const queryClient = useQueryClient();
  const [projectKey, setProjectKey] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('COUNT');
  const [quantity, setQuantity] = useState<number | string>(10);
  const [uses, setUses] = useState<number | string>(100);
  const [until, setUntil] = useState('');
  const [userId, setUserId] = useState<number | string>('');
  const [done, setDone] = useState(0);
  const [made, setMade] = useState<GeneratedCode[] | null>(null);
  const stop = useRef(false);

  const run = useMutation({
    mutationFn: async () => {
      const total = Number(quantity);
      const codes: GeneratedCode[] = [];
      stop.current = false;
      setDone(0);
      setMade(null);
      const fields = {
        ...(mode === 'COUNT' ? { remainingCount: Number(uses) } : { expiresAt: until ? new Date(`${until}T23:59:59.999Z`).toISOString() : '' }),
        ...(userId === '' ? {} : { userId: Number(userId) }),
      };
      try {
        while (codes.length < total && !stop.current) {
          const n = Math.min(GENERATE_CHUNK, total - codes.length);
          const answer = await unwrap(adminApi.POST('/api/admin/codes/generate', { body: { projectKey: projectKey ?? '', licenseMode: mode, quantity: n, ...fields } }));
          codes.push(...answer.codes);
          setDone(codes.length);
        }
      } finally {
        // What was stored before a failure or a stop is kept and offered for download.
        if (codes.length > 0) setMade(codes);
        void queryClient.invalidateQueries({ queryKey: CODES });
      }
      return codes.length;
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run.mutate();
  };
  const total = Number(quantity) || 0;
  return (
    <Paper withBorder p="md" mt="md">
      <form onSubmit={submit}>
        <Stack>
          <Title order={3} size="h4">
            Generate codes
          </Title>
          <ProjectSelect value={projectKey} onChange={setProjectKey} required label="Project for the new codes" />
          <div>
            <Text size="sm" fw={500} id="code-mode-label">
              License mode
            </Text>
            <SegmentedControl
              aria-labelledby="code-mode-label"
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: 'COUNT', label: 'COUNT: a number of uses' },
                { value: 'TIME', label: 'TIME: valid until a date' },
              ]}
            />
          </div>
          <NumberInput label="How many codes" description={`1 to ${MAX_RUN.toLocaleString()}; large batches are made ${GENERATE_CHUNK.toLocaleString()} at a time`} min={1} max={MAX_RUN} allowDecimal={false} required value={quantity} onChange={setQuantity} />
          {mode === 'COUNT' ? (
            <NumberInput label="Uses per code" min={1} max={1_000_000_000} allowDecimal={false} required value={uses} onChange={setUses} />
          ) : (
            <TextInput label="Valid until (end of the day, UTC)" type="date" required value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
          )}
          <NumberInput
            label="Desktop executor for user (id, optional)"
            description="The device that enrolls with a code becomes this integrator user's desktop executor; leave empty for a pure license"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={userId}
            onChange={setUserId}
          />
          <ErrorAlert error={run.error} />
          <Group>
            <Button type="submit" loading={run.isPending} disabled={!projectKey}>
              Generate
            </Button>
            {run.isPending && (
              <Button variant="default" onClick={() => (stop.current = true)}>
                Stop
              </Button>
            )}
          </Group>
          {(run.isPending || made) && (
            <Stack gap={4}>
              <Progress.Root size="lg">
                <Progress.Section value={total ? (done / total) * 100 : 0} aria-label="Codes generated" aria-valuetext={`${done} of ${total} codes`} />
              </Progress.Root>
              <Text size="sm" role="status">
                {done.toLocaleString()} of {total.toLocaleString()} codes generated
              </Text>
            </Stack>
          )}
        </Stack>
      </form>
      {made && !run.isPending && (
        <Group mt="md">
          <Button variant="default" onClick={() => saveFile(new Blob([codesCsv(made)], { type: 'text/csv' }), `new-codes-${made[0]!.projectKey}.csv`)}>
            Download the {made.length.toLocaleString()} new codes (CSV)
          </Button>
          <Button variant="subtle" onClick={() => setMade(null)}>
            Done
          </Button>
        </Group>
      )}
      {made && made.length <= 20 && !run.isPending && (
        <Text size="sm" mt="xs" ff="monospace" aria-label="New codes">
          {made.map((c) => c.code).join(' ')}
        </Text>
      )}
    </Paper>
  );
}

function CodeList({ canWrite }: { canWrite: boolean }) {
  const filters = useUrlFilters(codesSearch);
  const { search, page, setPage, choose } = filters;
  const [keyword, setKeyword] = useTextFilter(filters, 'keyword');
  const filter = { projectKey: search.projectKey, licenseMode: search.licenseMode, state: search.state, keyword: search.keyword };
  const codes = useQuery({
    queryKey: [...CODES, filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/codes', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
  });
  const disable = useRowAction((c: { projectKey: string; code: string }) => unwrap(adminApi.POST('/api/admin/codes/disable', { body: c })), CODES);
  return (
    <QueryTable
      mt="lg"
      header={
        <Title order={3} size="h4">
          Codes
        </Title>
      }
      filters={
        <>
          <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
          <Select label="Mode" placeholder="Any" clearable data={['COUNT', 'TIME']} value={search.licenseMode ?? null} onChange={choose('licenseMode')} w={140} />
          <Select label="State" placeholder="Any" clearable data={[...CODE_STATES]} value={search.state ?? null} onChange={choose('state')} w={160} />
          <TextInput label="Code or machine id" maxLength={200} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={240} />
        </>
      }
      tools={<CsvExportButton path="/api/admin/codes/export.csv" query={filter} fallbackName="activation-codes.csv" />}
      list={codes.data}
      error={codes.error ?? disable.error}
      label="Activation codes"
      miw={960}
      rowKey={(c) => `${c.projectKey}/${c.code}`}
      columns={[
        { header: 'Code', td: { ff: 'monospace' }, cell: (c) => c.code },
        { header: 'Project', cell: (c) => c.projectKey },
        { header: 'Mode', cell: (c) => c.licenseMode },
        {
          header: 'State',
          cell: (c) => (
            <Badge variant="outline" color={c.valid ? 'dark' : 'red.9'}>
              {c.state}
            </Badge>
          ),
        },
        { header: 'Uses left', cell: (c) => c.remainingCount ?? '—' },
        { header: 'Expires', cell: (c) => when(c.expiresAt) },
        {
          header: 'Device',
          cell: (c) => (c.device ? `#${c.device.deviceId} ${c.device.machineId}` : '—'),
        },
        {
          header: 'User',
          cell: (c) => (c.userId === null ? '—' : `#${c.userId}${c.nodeId ? ` (${c.nodeId})` : ''}`),
        },
        { header: 'Created', cell: (c) => when(c.createdAt) },
        canWrite && {
          header: ACTIONS,
          cell: (c) =>
            c.state !== 'disabled' && (
              <ConfirmButton
                size="xs"
                question={`Disable the code ${c.code}?`}
                details="Enroll, status and consume with it are refused from now on. This cannot be undone."
                confirmLabel="Disable code"
                onConfirm={() => disable.mutate({ projectKey: c.projectKey, code: c.code })}
                aria-label={`Disable ${c.code}`}
              >
                Disable
              </ConfirmButton>
            ),
        },
      ]}
      empty="No code matches."
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Code pages' }}
    />
  );
}

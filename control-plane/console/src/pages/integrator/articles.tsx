import { Badge, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { consoleApi, unwrap } from '../../api/client.js';
import { articlesSearch, TASK_STATES } from '../../list-search.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { type UrlFilters, useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 20;
/** Queued and running tasks move on their own: the list refreshes while one is unfinished. */
const TASK_REFRESH_MS = 3000;

type ArticlesFilters = UrlFilters<ReturnType<typeof articlesSearch>>;

const PROVENANCE_TEXT: Record<string, string> = { human: 'written by a person', ai_assisted: 'AI-assisted', ai_generated: 'AI-generated' };

/** The label platforms must show, as the Open API's `aigc.display_label` says it; none when none is required. */
function AiLabel({ aigc }: { aigc: { labelRequired: boolean; displayLabel: string } | null }) {
  if (!aigc || !aigc.labelRequired) return <Text size="sm">none</Text>;
  return (
    <Badge variant="outline" color="dark" style={{ textTransform: 'none' }}>
      {aigc.displayLabel}
    </Badge>
  );
}

export function ArticlesPage() {
  // Both lists' pages and the task filter live in the URL (/articles?page=2&taskState=failed).
  const filters = useUrlFilters(articlesSearch);
  return (
    <RoleGate roles={['user']}>
      <Title order={2}>Articles</Title>
      <Text mt="xs">
        Articles you imported (POST /articles) or had generated (POST /articles/generate), with the AI-content label every platform is asked to show for them.
      </Text>
      <ArticleList filters={filters} />
      <TaskList filters={filters} />
    </RoleGate>
  );
}

function ArticleList({ filters }: { filters: ArticlesFilters }) {
  const { page, setPage } = filters;
  const articles = useQuery({
    queryKey: ['me', 'articles', page],
    queryFn: () => unwrap(consoleApi.GET('/api/console/me/articles', { params: { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <Stack mt="lg">
      <Title order={3} size="h4">
        Articles
      </Title>
      <ErrorAlert error={articles.error} />
      {articles.data && articles.data.articles.length === 0 && <Text>No article yet.</Text>}
      {articles.data && articles.data.articles.length > 0 && (
        <TableScroll label="Articles">
          <Table miw={760} aria-label="Articles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Text</Table.Th>
                <Table.Th>AI label</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {articles.data.articles.map((a) => (
                <Table.Tr key={a.articleId}>
                  <Table.Td>
                    <Text size="sm">{a.title}</Text>
                    <Text size="xs" ff="monospace">
                      {a.articleId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{a.source === 'generation' ? 'generated' : 'imported'}</Table.Td>
                  <Table.Td>{PROVENANCE_TEXT[a.contentProvenance] ?? a.contentProvenance}</Table.Td>
                  <Table.Td>
                    <AiLabel aigc={a.aigc} />
                  </Table.Td>
                  <Table.Td>{when(a.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {articles.data && <Pager page={page} pageSize={PAGE_SIZE} total={articles.data.total} onChange={setPage} label="Article pages" />}
    </Stack>
  );
}

function TaskList({ filters }: { filters: ArticlesFilters }) {
  const page = filters.search.taskPage ?? 1;
  const status = filters.search.taskState ?? null;
  const setPage = (taskPage: number) => filters.update({ taskPage: taskPage > 1 ? taskPage : undefined });
  const tasks = useQuery({
    queryKey: ['me', 'generation-tasks', page, status],
    queryFn: () =>
      unwrap(
        consoleApi.GET('/api/console/me/generation-tasks', { params: { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(status ? { status } : {}) } } }),
      ),
    refetchInterval: (query) => (query.state.data?.tasks.some((t) => t.status === 'queued' || t.status === 'running') ? TASK_REFRESH_MS : false),
    placeholderData: (previous) => previous,
  });
  return (
    <Stack mt="xl">
      <Title order={3} size="h4">
        Generation tasks
      </Title>
      <Select
        label="Task state"
        placeholder="Any state"
        clearable
        maw={240}
        data={[...TASK_STATES]}
        value={status}
        onChange={(value) => filters.update({ taskState: articlesSearch({ taskState: value }).taskState, taskPage: undefined })}
      />
      <ErrorAlert error={tasks.error} />
      {tasks.data && tasks.data.tasks.length === 0 && <Text>No generation task{status ? ` ${status}` : ''}.</Text>}
      {tasks.data && tasks.data.tasks.length > 0 && (
        <TableScroll label="Generation tasks">
          <Table miw={860} aria-label="Generation tasks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Topic</Table.Th>
                <Table.Th>Style, words</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Article or error</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.data.tasks.map((t) => (
                <Table.Tr key={t.taskId}>
                  <Table.Td>
                    <Text size="sm">{t.topic}</Text>
                    <Text size="xs" ff="monospace">
                      {t.taskId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {t.style}, {t.wordCount}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={t.status} />
                  </Table.Td>
                  <Table.Td>
                    {t.article && (
                      <>
                        <Text size="sm">{t.article.title}</Text>
                        <AiLabel aigc={t.article.aigc} />
                      </>
                    )}
                    {t.error && (
                      <>
                        <Text size="sm" ff="monospace">
                          {t.error.code}
                        </Text>
                        <Text size="xs">{t.error.message}</Text>
                      </>
                    )}
                    {!t.article && !t.error && '—'}
                  </Table.Td>
                  <Table.Td>{when(t.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {tasks.data && <Pager page={page} pageSize={PAGE_SIZE} total={tasks.data.total} onChange={setPage} label="Generation task pages" />}
    </Stack>
  );
}

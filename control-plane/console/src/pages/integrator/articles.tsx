import { Badge, Select, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { consoleApi, unwrap } from '../../api/client.js';
import { articlesSearch, TASK_STATES } from '../../list-search.js';
import { when } from '../../ui/format.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
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
    placeholderData: keepPrevious,
  });
  return (
    <QueryTable
      mt="lg"
      header={
        <Title order={3} size="h4">
          Articles
        </Title>
      }
      list={articles.data && { items: articles.data.articles, total: articles.data.total }}
      error={articles.error}
      label="Articles"
      miw={760}
      rowKey={(a) => a.articleId}
      columns={[
        {
          header: 'Title',
          cell: (a) => (
            <>
              <Text size="sm">{a.title}</Text>
              <Text size="xs" ff="monospace">
                {a.articleId}
              </Text>
            </>
          ),
        },
        { header: 'Source', cell: (a) => (a.source === 'generation' ? 'generated' : 'imported') },
        { header: 'Text', cell: (a) => PROVENANCE_TEXT[a.contentProvenance] ?? a.contentProvenance },
        { header: 'AI label', cell: (a) => <AiLabel aigc={a.aigc} /> },
        { header: 'Created', cell: (a) => when(a.createdAt) },
      ]}
      empty="No article yet."
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Article pages' }}
    />
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
    placeholderData: keepPrevious,
  });
  return (
    <QueryTable
      mt="xl"
      header={
        <>
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
        </>
      }
      list={tasks.data && { items: tasks.data.tasks, total: tasks.data.total }}
      error={tasks.error}
      label="Generation tasks"
      miw={860}
      rowKey={(t) => t.taskId}
      columns={[
        {
          header: 'Topic',
          cell: (t) => (
            <>
              <Text size="sm">{t.topic}</Text>
              <Text size="xs" ff="monospace">
                {t.taskId}
              </Text>
            </>
          ),
        },
        {
          header: 'Style, words',
          cell: (t) => (
            <>
              {t.style}, {t.wordCount}
            </>
          ),
        },
        { header: 'State', cell: (t) => <StateBadge state={t.status} /> },
        {
          header: 'Article or error',
          cell: (t) => (
            <>
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
            </>
          ),
        },
        { header: 'Created', cell: (t) => when(t.createdAt) },
      ]}
      empty={<>No generation task{status ? ` ${status}` : ''}.</>}
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Generation task pages' }}
    />
  );
}

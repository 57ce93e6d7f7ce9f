import { Group, Pagination, Text } from '@mantine/core';

/** Server-side paging: which page, of how many rows. Hidden when one page holds everything. */
export function Pager({ page, pageSize, total, onChange, label }: { page: number; pageSize: number; total: number; onChange: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm">
        {total} {total === 1 ? 'row' : 'rows'}
      </Text>
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          getControlProps={(control) => ({ 'aria-label': { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' }[control] })}
          />
        </nav>
      )}
    </Group>
  );
}

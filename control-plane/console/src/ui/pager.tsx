import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '../list-search.js';

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

/** The "Rows per page" picker of a list whose page size lives in the URL: one of the sizes the API offers. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (value: string | null) => void }) {
  return <Select label="Rows per page" data={PAGE_SIZES.map(String)} value={String(value)} onChange={onChange} allowDeselect={false} w={130} />;
}

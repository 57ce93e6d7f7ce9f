/**
 * The console's tables. `DataTable` draws rows by columns inside a sideways
 * scroll region; `QueryTable` is a list the server pages: its filters, its
 * error, the rows (or the text saying none match) and the pager, with the
 * filters and page kept in the URL by the page (url-filters.ts, list-search.ts).
 * `useRowAction` is the write a row's button makes (revoke, retry…): it asks
 * the list again once it has settled, whatever the answer.
 */
import { Group, Stack, type StackProps, Table, type TableTdProps, Text, VisuallyHidden } from '@mantine/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { ErrorAlert } from './error-alert.js';
import { Pager } from './pager.js';
import { TableScroll } from './table-scroll.js';

/** One column: its header and what each row shows in it. */
export interface Column<R> {
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** The cell's own props (font, wrapping), the same for every row or chosen per row. */
  td?: TableTdProps | ((row: R) => TableTdProps);
}

/** A column left out (the actions of a reader who may not write) is written as `false`. */
export type Columns<R> = ReadonlyArray<Column<R> | false | null | undefined>;

/** The header of the column of a row's buttons: for screen readers only. */
export const ACTIONS = <VisuallyHidden>Actions</VisuallyHidden>;

export interface DataTableProps<R> {
  /** The table's accessible name; the scroll region's too, unless `regionLabel` names it. */
  label: string;
  regionLabel?: string;
  /** The least width before the region scrolls sideways. */
  miw: number;
  mt?: TableTdProps['mt'];
  columns: Columns<R>;
  rows: readonly R[];
  rowKey: (row: R) => Key;
  /** Attributes of a row's element (a data- attribute naming what it shows). */
  rowProps?: (row: R) => Record<`data-${string}`, string>;
}

export function DataTable<R>({ label, regionLabel = label, miw, mt, columns, rows, rowKey, rowProps }: DataTableProps<R>) {
  const shown = columns.filter((c): c is Column<R> => Boolean(c));
  return (
    <TableScroll label={regionLabel}>
      <Table miw={miw} mt={mt} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((c, n) => (
              <Table.Th key={n}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((c, n) => (
                <Table.Td key={n} {...(typeof c.td === 'function' ? c.td(row) : c.td)}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** One page of a list, as the admin API answers it. */
export interface ListPage<R> {
  items: readonly R[];
  total: number;
}

export interface QueryTableProps<R> extends Omit<DataTableProps<R>, 'rows' | 'mt'> {
  /** The page shown; undefined while the first answer is on its way. */
  list: ListPage<R> | undefined;
  /** The query's error, or a row action's. */
  error: unknown;
  /** What shows instead of the table when no row matches. */
  empty?: ReactNode;
  /** Server paging: the page and its size (from the URL), and the pager's name. */
  paging?: { page: number; pageSize: number; onChange: (page: number) => void; label: string };
  /** The list's filters, in one row above it. */
  filters?: ReactNode;
  /** What stands first: a heading, a line of explanation. */
  header?: ReactNode;
  /** What acts on the whole list (an export), under the filters. */
  tools?: ReactNode;
  /** What a row action answered, under the error. */
  notice?: ReactNode;
  mt?: StackProps['mt'];
}

export function QueryTable<R>({ list, error, empty, paging, filters, header, tools, notice, mt = 'md', ...table }: QueryTableProps<R>) {
  return (
    <Stack mt={mt}>
      {header}
      {filters && (
        <Group align="flex-end" wrap="wrap">
          {filters}
        </Group>
      )}
      {tools}
      <ErrorAlert error={error} />
      {notice}
      {list && list.items.length > 0 && <DataTable rows={list.items} {...table} />}
      {list && list.items.length === 0 && empty !== undefined && <Text>{empty}</Text>}
      {list && paging && <Pager page={paging.page} pageSize={paging.pageSize} total={list.total} onChange={paging.onChange} label={paging.label} />}
    </Stack>
  );
}

/** A row's write (revoke, retry, remove): `run(id)` is what a confirm button calls; the list under `invalidate` is asked again once it settles. */
export function useRowAction<A, T>(act: (arg: A) => Promise<T>, invalidate: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: act, onSettled: () => queryClient.invalidateQueries({ queryKey: invalidate }) });
}

/** A list query keeps showing the page it has while the next one loads: the table does not blink on a filter change. */
export const keepPrevious = <T,>(previous: T | undefined) => previous;

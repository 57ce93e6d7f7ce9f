/**
 * Picks an integrator user by name: a searchable select whose options come
 * from the admin API's integrator list (GET /api/admin/users), searched on the
 * server by name, email or id as the person types, so it works with any
 * number of integrators. The value is the integrator's id.
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../api/client.js';
import { ErrorAlert } from './error-alert.js';

/** Options shown at once; typing narrows the search on the server. */
const SHOWN = 20;
/** Typing pauses this long before the server is asked again. */
const TYPING_PAUSE_MS = 250;

export const integratorLabel = (u: { id: number; name: string }) => `${u.name} (#${u.id})`;

interface IntegratorSelectProps {
  label: string;
  description?: string;
  required?: boolean;
  error?: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
}

export function IntegratorSelect({ label, description, required, error, value, onChange }: IntegratorSelectProps) {
  const [search, setSearch] = useState('');
  const [pickedLabel, setPickedLabel] = useState<string | null>(null);
  // The text of the picked option is not a search: the list then shows the first integrators again.
  const typed = search === pickedLabel ? '' : search.trim();
  const [keyword] = useDebouncedValue(typed.slice(0, 200), TYPING_PAUSE_MS);
  const found = useQuery({
    queryKey: ['integrator-select', keyword],
    queryFn: () => unwrap(adminApi.GET('/api/admin/users', { params: { query: { page: 1, pageSize: SHOWN, ...(keyword ? { keyword } : {}) } } })),
    placeholderData: (previous) => previous,
  });
  const data = (found.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.disabled ? `${integratorLabel(u)}, disabled` : integratorLabel(u) }));
  const more = found.data && found.data.total > found.data.items.length ? `${found.data.total - found.data.items.length} more: type to narrow` : null;
  return (
    <>
      <Select
        label={label}
        description={more ? `${description ?? ''}${description ? ' ' : ''}(${more})` : description}
        placeholder="Type a name, an email or an id"
        required={required}
        error={error}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server already searched: every option it answered is shown.
        filter={({ options }) => options}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(v, option) => {
          setPickedLabel(option?.label ?? null);
          onChange(v === null ? null : Number(v));
        }}
        nothingFoundMessage={found.isFetching ? 'Searching…' : 'No integrator matches'}
      />
      <ErrorAlert error={found.error} />
    </>
  );
}

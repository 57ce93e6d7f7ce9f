import { Group, TextInput } from '@mantine/core';

/**
 * Two date inputs (UTC days). `to` is inclusive here; `rangeQuery` turns it
 * into the API's exclusive end (midnight after the chosen day).
 */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput label="From (UTC day)" type="date" value={from} onChange={(e) => onChange({ from: e.currentTarget.value, to })} w={170} />
      <TextInput label="To (UTC day, included)" type="date" value={to} onChange={(e) => onChange({ from, to: e.currentTarget.value })} w={170} />
    </Group>
  );
}

/** The API's `from`/`to` for two chosen days, or nothing when either is empty. */
export function rangeQuery(from: string, to: string): { from?: string; to?: string } {
  if (!from || !to) return {};
  const end = new Date(`${to}T00:00:00.000Z`);
  if (Number.isNaN(end.getTime())) return { from, to };
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: `${from}T00:00:00.000Z`, to: end.toISOString() };
}

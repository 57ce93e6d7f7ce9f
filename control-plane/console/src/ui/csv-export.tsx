import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api/client.js';
import { ErrorAlert } from './error-alert.js';

type Query = Record<string, string | number | null | undefined>;

/** `path?query` with the empty filters left out. */
export function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function fileName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Hands a finished file to the browser's downloads. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL by now; the next task may release it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function download(url: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network_error', 'The control plane could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    if (body && typeof body.message === 'string') throw new ApiError(res.status, typeof body.code === 'string' ? body.code : 'error', body.message);
    throw new ApiError(res.status, 'error', `The server answered ${res.status} without an explanation.`);
  }
  saveFile(await res.blob(), fileName(res.headers.get('content-disposition'), fallbackName));
}

/**
 * Downloads the API's own CSV export of a filter. It is fetched first rather
 * than opened as a link, so a refused filter shows the API's message here
 * instead of a broken download.
 */
export function CsvExportButton({ path, query, fallbackName, label = 'Export CSV' }: { path: string; query: Query; fallbackName: string; label?: string }) {
  const run = useMutation({ mutationFn: () => download(withQuery(path, query), fallbackName) });
  return (
    <Stack gap="xs">
      <Button variant="default" onClick={() => run.mutate()} loading={run.isPending} w="fit-content">
        {label}
      </Button>
      <ErrorAlert error={run.error} />
    </Stack>
  );
}

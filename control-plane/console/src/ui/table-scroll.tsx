import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * For a cell holding long unbroken text (an email, an id, a machine id): it
 * wraps anywhere rather than widening its column, so the tables of the admin
 * pages fit a 1280-pixel desktop beside the navigation without scrolling.
 */
export const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/**
 * A wide table on a narrow screen scrolls sideways inside this region; the
 * region takes keyboard focus so the scroll works without a pointer. It is
 * positioned, so visually hidden headers inside (absolutely placed) stay
 * within it instead of widening the page.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', position: 'relative' }}>
      {children}
    </Box>
  );
}

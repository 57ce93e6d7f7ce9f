import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled fact of a detail page's summary (a job's state, a batch's request id): the label small and bold above its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

import { Badge } from '@mantine/core';

/** States that mean something went wrong, drawn in the error colour (dark red 9: AA contrast on white). */
const BAD = new Set(['failed', 'partial', 'needs_attention', 'logged_out', 'canceled']);

/** A state as the API names it, in a badge; the colour only repeats what the word says. */
export function StateBadge({ state }: { state: string }) {
  return (
    <Badge variant="outline" color={BAD.has(state) ? 'red.9' : 'dark'}>
      {state.replace(/_/g, ' ')}
    </Badge>
  );
}

import { Badge, createTheme } from '@mantine/core';

/**
 * Mantine's default filled shade (6) puts white text on colours lighter than
 * WCAG AA allows for small text; shade 9 passes, for every colour the pages
 * use (blue actions, red destructive ones).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 9,
  autoContrast: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  components: {
    // A badge clips its label; in a table column sized by its content that clipped "active" to "AC…".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});

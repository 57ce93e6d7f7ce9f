/**
 * Whether this session can show a window. A login is always done in a visible
 * window (the person acts in the platform's own page), so on Linux it needs a
 * graphical session: an X display or a Wayland compositor. Windows and macOS
 * sessions always have one. Without it the browser would fail with an error
 * about a missing X server; the UI says what is wrong instead.
 */
import type { DesktopOs } from './machine-id.js';

export function displayProblem(os: DesktopOs, env: Record<string, string | undefined>): string | null {
  if (os !== 'linux') return null;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return null;
  return 'a login opens a window, and this session has no display (neither DISPLAY nor WAYLAND_DISPLAY is set): start Plume Desktop from your desktop session, or log the account in there';
}

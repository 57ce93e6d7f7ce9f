/**
 * Whether this computer's desktop can show a window. A login is always done in a visible
 * window (the person acts in the platform's own page), so on Linux it needs a
 * graphical desktop: an X display or a Wayland compositor. Windows and macOS
 * desktops always have one. Without it the browser would fail with an error
 * about a missing X server; the UI says what is wrong instead.
 */
import type { DesktopOs } from './machine-id.js';

export function displayProblem(os: DesktopOs, env: Record<string, string | undefined>): string | null {
  if (os !== 'linux') return null;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return null;
  return 'a login opens a window, and Plume Desktop was started without a display (neither DISPLAY nor WAYLAND_DISPLAY is set): start it from your graphical desktop, or log the account in there';
}

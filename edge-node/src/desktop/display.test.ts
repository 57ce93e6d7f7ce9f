import { describe, expect, it } from 'vitest';
import { displayProblem } from './display.js';

describe('displayProblem', () => {
  it('a Linux desktop needs an X display or a Wayland compositor to show a login window', () => {
    expect(displayProblem('linux', {})).toMatch(/without a display \(neither DISPLAY nor WAYLAND_DISPLAY is set\)/);
    expect(displayProblem('linux', { DISPLAY: '' })).not.toBeNull();
    expect(displayProblem('linux', { DISPLAY: ':0' })).toBeNull();
    expect(displayProblem('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull();
  });

  it('Windows and macOS desktops always have one', () => {
    expect(displayProblem('windows', {})).toBeNull();
    expect(displayProblem('macos', {})).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { desktopPathProblem, edgePathProblem, windowsPathProblem } from './paths.js';

describe('edge paths', () => {
  it('accepts absolute normalized paths whose directory under the root is the user id', () => {
    expect(edgePathProblem('/srv/videos/42/a.mp4', 42)).toBeNull();
    expect(edgePathProblem('/srv/videos/42/sub/dir/a.mp4', 42)).toBeNull();
    expect(edgePathProblem('/srv/videos/42/a.mp4', 42, '/srv/videos')).toBeNull();
    expect(edgePathProblem('/srv/videos/42/a.mp4', 42, '/srv/videos/')).toBeNull();
  });

  it('refuses relative, unnormalized, control-character and foreign paths', () => {
    expect(edgePathProblem('videos/42/a.mp4', 42)).toMatch(/absolute/);
    expect(edgePathProblem('/srv/videos/42/../43/a.mp4', 42)).toMatch(/normalized/);
    expect(edgePathProblem('/srv/videos/42/./a.mp4', 42)).toMatch(/normalized/);
    expect(edgePathProblem('/srv//videos/42/a.mp4', 42)).toMatch(/normalized/);
    expect(edgePathProblem('/srv/videos/42/', 42)).toMatch(/normalized/);
    expect(edgePathProblem('/srv/videos/42/a\u0000.mp4', 42)).toMatch(/control/);
    expect(edgePathProblem('/srv/videos/42/a\n.mp4', 42)).toMatch(/control/);
    expect(edgePathProblem('/srv/videos/43/a.mp4', 42)).toMatch(/42/);
    // The id must be a directory below some root, with a file name after it.
    expect(edgePathProblem('/42/a.mp4', 42)).not.toBeNull();
    expect(edgePathProblem('/srv/videos/42', 42)).not.toBeNull();
    expect(edgePathProblem('/srv/videos/420/a.mp4', 42)).not.toBeNull();
  });

  it('with a reported video root, requires exactly <videoDir>/<userId>/', () => {
    expect(edgePathProblem('/other/42/a.mp4', 42, '/srv/videos')).toMatch(/\/srv\/videos\/42\//);
    expect(edgePathProblem('/srv/videos/x/42/a.mp4', 42, '/srv/videos')).not.toBeNull();
    expect(edgePathProblem('/srv/videos/42/', 42, '/srv/videos')).not.toBeNull();
    expect(edgePathProblem('/srv/videos2/42/a.mp4', 42, '/srv/videos')).not.toBeNull();
  });
});

describe('desktop (Windows) paths', () => {
  it('accepts drive and UNC absolute paths', () => {
    expect(windowsPathProblem('C:\\Videos\\a.mp4')).toBeNull();
    expect(windowsPathProblem('d:/Videos/a.mp4')).toBeNull();
    expect(windowsPathProblem('\\\\nas\\share\\videos\\a.mp4')).toBeNull();
  });

  it('refuses relative, drive-relative, Linux, traversal and device paths', () => {
    expect(windowsPathProblem('Videos\\a.mp4')).toMatch(/absolute Windows/);
    expect(windowsPathProblem('C:a.mp4')).toMatch(/absolute Windows/);
    expect(windowsPathProblem('/srv/videos/1/a.mp4')).toMatch(/absolute Windows/);
    expect(windowsPathProblem('C:\\Videos\\..\\a.mp4')).toMatch(/normalized/);
    expect(windowsPathProblem('C:\\Videos\\\\a.mp4')).toMatch(/empty/);
    expect(windowsPathProblem('C:\\Videos\\')).toMatch(/empty/);
    expect(windowsPathProblem('\\\\?\\C:\\a.mp4')).not.toBeNull();
    expect(windowsPathProblem('\\\\.\\pipe\\x')).not.toBeNull();
    expect(windowsPathProblem('C:\\a|b.mp4')).toMatch(/character/);
    expect(windowsPathProblem('C:\\a\u0001.mp4')).toMatch(/control/);
  });
});

describe('desktop paths by the operating system the desktop reports', () => {
  it('a Windows desktop, or one that reported none, takes Windows paths', () => {
    expect(desktopPathProblem('C:\\Users\\ann\\Videos\\a.mp4')).toBeNull();
    expect(desktopPathProblem('C:\\Users\\ann\\Videos\\a.mp4', 'windows')).toBeNull();
    expect(desktopPathProblem('/home/ann/Videos/a.mp4')).toMatch(/absolute Windows/);
  });

  it('a macOS or Linux desktop takes absolute, normalized POSIX paths and names its system when refusing', () => {
    expect(desktopPathProblem('/Users/ann/Movies/a.mp4', 'macos')).toBeNull();
    expect(desktopPathProblem('/home/ann/Videos/a.mp4', 'linux')).toBeNull();
    expect(desktopPathProblem('C:\\Videos\\a.mp4', 'linux')).toMatch(/absolute Linux path/);
    expect(desktopPathProblem('Movies/a.mp4', 'macos')).toMatch(/absolute macOS path/);
    expect(desktopPathProblem('/home/ann/../bob/a.mp4', 'linux')).toMatch(/normalized/);
    expect(desktopPathProblem('/home/ann/Videos/', 'linux')).toMatch(/normalized/);
    expect(desktopPathProblem('/home/ann/a\u0000.mp4', 'linux')).toMatch(/control/);
    expect(desktopPathProblem(`/${'a'.repeat(1100)}`, 'linux')).toMatch(/longer/);
  });
});

import { describe, expect, it } from 'vitest';
import { allowedFolderOf, isInside, normalizeFolders, normalizeLocalPath, PathRuleError } from './folders.js';

const problem = (path: string, os: 'windows' | 'linux' | 'macos') => {
  try {
    normalizeLocalPath(path, os);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(PathRuleError);
    return (e as PathRuleError).problem;
  }
};

describe('Windows path rules (path.win32)', () => {
  it('accepts drive paths in any case and with either separator, and UNC shares', () => {
    expect(normalizeLocalPath('C:\\Users\\Ann\\Videos\\a.mp4', 'windows')).toBe('C:\\Users\\Ann\\Videos\\a.mp4');
    expect(normalizeLocalPath('c:/Users/Ann/Videos/a.mp4', 'windows')).toBe('c:\\Users\\Ann\\Videos\\a.mp4');
    expect(normalizeLocalPath('D:\\Media\\\\clips\\', 'windows')).toBe('D:\\Media\\clips');
    expect(normalizeLocalPath('C:\\', 'windows')).toBe('C:\\');
    expect(normalizeLocalPath('\\\\nas\\media\\v.mp4', 'windows')).toBe('\\\\nas\\media\\v.mp4');
    expect(normalizeLocalPath('//nas/media/v.mp4', 'windows')).toBe('\\\\nas\\media\\v.mp4');
  });

  it('refuses relative, drive-relative, root-relative, device and verbatim paths, ".." and forbidden characters', () => {
    expect(problem('Videos\\a.mp4', 'windows')).toBe('not_absolute');
    expect(problem('C:a.mp4', 'windows')).toBe('not_absolute');
    expect(problem('\\Users\\a.mp4', 'windows')).toBe('not_absolute');
    expect(problem('/home/ann/a.mp4', 'windows')).toBe('not_absolute');
    expect(problem('\\\\nas', 'windows')).toBe('not_absolute');
    expect(problem('\\\\?\\C:\\Users\\a.mp4', 'windows')).toBe('device_path');
    expect(problem('\\\\.\\PhysicalDrive0', 'windows')).toBe('device_path');
    expect(problem('C:\\Users\\Ann\\Videos\\..\\..\\secret.txt', 'windows')).toBe('parent_segment');
    expect(problem('C:/Users/../x', 'windows')).toBe('parent_segment');
    expect(problem('C:\\Users\\a?.mp4', 'windows')).toBe('invalid_path');
    expect(problem('C:\\Users\\a.mp4:stream', 'windows')).toBe('invalid_path');
    expect(problem('C:\\a\0b', 'windows')).toBe('invalid_path');
    expect(problem('', 'windows')).toBe('invalid_path');
  });

  it('a path is inside a folder regardless of case and separator, never by a shared name prefix or across drives and shares', () => {
    const videos = 'C:\\Users\\Ann\\Videos';
    expect(isInside(videos, 'c:\\users\\ann\\videos\\trip\\a.mp4', 'windows')).toBe(true);
    expect(isInside(videos, 'C:/Users/Ann/Videos/a.mp4', 'windows')).toBe(true);
    expect(isInside(videos, 'C:\\Users\\Ann\\Videos', 'windows')).toBe(true);
    expect(isInside(videos, 'C:\\Users\\Ann\\VideosOld\\a.mp4', 'windows')).toBe(false);
    expect(isInside(videos, 'D:\\Users\\Ann\\Videos\\a.mp4', 'windows')).toBe(false);
    expect(isInside(videos, 'C:\\Users\\Ann\\Documents\\a.mp4', 'windows')).toBe(false);
    expect(isInside('\\\\nas\\media', '\\\\NAS\\Media\\clips\\v.mp4', 'windows')).toBe(true);
    expect(isInside('\\\\nas\\media', '\\\\nas\\other\\v.mp4', 'windows')).toBe(false);
    expect(isInside('\\\\nas\\media', '\\\\nas2\\media\\v.mp4', 'windows')).toBe(false);
    expect(allowedFolderOf('c:\\users\\ann\\pictures\\c.png', [videos, 'C:\\Users\\Ann\\Pictures'], 'windows')).toBe('C:\\Users\\Ann\\Pictures');
    expect(allowedFolderOf('C:\\Windows\\win.ini', [videos], 'windows')).toBeUndefined();
  });

  it('folders are kept once, whatever their case or trailing separator', () => {
    expect(normalizeFolders(['C:\\Users\\Ann\\Videos\\', 'c:/users/ann/videos', 'D:\\Clips'], 'windows')).toEqual(['C:\\Users\\Ann\\Videos', 'D:\\Clips']);
  });
});

describe('POSIX path rules', () => {
  it('Linux compares case-sensitively; macOS does not', () => {
    expect(isInside('/home/ann/Videos', '/home/ann/Videos/a.mp4', 'linux')).toBe(true);
    expect(isInside('/home/ann/Videos', '/home/ann/videos/a.mp4', 'linux')).toBe(false);
    expect(isInside('/Users/ann/Movies', '/users/ann/movies/a.mov', 'macos')).toBe(true);
    expect(isInside('/home/ann/Videos', '/home/ann/Videos2/a.mp4', 'linux')).toBe(false);
  });

  it('refuses relative paths, Windows paths and ".."', () => {
    expect(problem('Videos/a.mp4', 'linux')).toBe('not_absolute');
    expect(problem('C:\\Users\\a.mp4', 'linux')).toBe('not_absolute');
    expect(problem('/home/ann/Videos/../.ssh/id_ed25519', 'linux')).toBe('parent_segment');
  });
});

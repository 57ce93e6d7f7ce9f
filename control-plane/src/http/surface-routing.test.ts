import { describe, expect, it } from 'vitest';
import type { ErrorSurface } from './errors.js';
import { rootSurface, SurfaceMap } from './surface-routing.js';

const surface = (name: string): ErrorSurface => ({ ...rootSurface, format: (code, message) => ({ name, code, message }) });
const a = surface('admin');
const v1 = surface('v1');
const nested = surface('nested');
const map = new SurfaceMap([
  ['/api/admin', a],
  ['/api/openapi/v1', v1],
  ['/api/openapi/v1/inner', nested],
]);

describe('happy path', () => {
  it('picks the surface whose prefix the URL starts with at a segment boundary, the longest first', () => {
    expect(map.of('/api/admin')).toBe(a);
    expect(map.of('/api/admin/projects/x')).toBe(a);
    expect(map.of('/api/admin?page=1')).toBe(a);
    expect(map.of('/api/admin#x')).toBe(a);
    expect(map.of('/api/openapi/v1/publish/%zz')).toBe(v1);
    expect(map.of('/api/openapi/v1/inner/x')).toBe(nested);
  });
});

describe('errors', () => {
  it('falls back to the root surface for a prefix that is only a string prefix, or none', () => {
    expect(map.of('/api/adminx')).toBe(rootSurface);
    expect(map.of('/api/openapi/v10/me')).toBe(rootSurface);
    expect(map.of('/healthz')).toBe(rootSurface);
    expect(map.of('')).toBe(rootSurface);
  });
});

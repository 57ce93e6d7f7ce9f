/** What an Open API key may do, as the console explains each permission (the integrator's key page and the admin's integrator page). */
export const KEY_PERMISSIONS = [
  { value: 'publish', label: 'publish: create and follow publish batches' },
  { value: 'accounts:read', label: 'accounts:read: list platform accounts' },
  { value: 'articles:write', label: 'articles:write: import and generate articles' },
  { value: 'cms', label: 'cms: publish to CMS sites' },
] as const;

export type KeyPermission = (typeof KEY_PERMISSIONS)[number]['value'];

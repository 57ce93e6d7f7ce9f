/** What both served OpenAPI documents (Open API v1, admin) do to their generated JSON. */

type Json = Record<string, any>;

/** The keys of a path item that are operations. */
export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every `#/components/schemas/…` reference in `node`. */
function collectSchemaRefs(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) collectSchemaRefs(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) into.add(v.slice('#/components/schemas/'.length));
      else collectSchemaRefs(v, into);
    }
  }
  return into;
}

/**
 * Keeps the schema components the paths use, directly or through other
 * components. The zod transform emits every schema registered by id (in both
 * an input and an output variant), whichever document it belongs to.
 */
export function dropUnusedSchemas<T extends Json>(doc: T): T {
  const used = collectSchemaRefs(doc.paths, new Set());
  const schemas = (doc.components?.schemas ?? {}) as Json;
  for (const name of [...used]) collectSchemaRefs(schemas[name], used);
  if (doc.components) doc.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return doc;
}

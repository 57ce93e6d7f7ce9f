/**
 * Turns a served OpenAPI document (the Open API v1's, the admin API's, the
 * console API's) into the TypeScript `paths` types
 * that openapi-fetch's createClient<paths>() takes. Used by
 * scripts/generate-openapi-client.mjs (writes client/src/openapi-v1.ts, which
 * the @plume/client package ships) and by the test that checks the committed file is current.
 *
 * openapi-typescript builds its output with TypeScript's compiler API and
 * declares TypeScript 5 as a peer; the project compiles with TypeScript 7,
 * whose npm package has no such API. This small local package gives
 * openapi-typescript its own TypeScript 5, installed under this folder, so
 * the root `tsc` stays TypeScript 7.
 */
import openapiTS, { astToString } from 'openapi-typescript';

export const GENERATED_HEADER = [
  '/**',
  ' * Types of the Plume Open API v1, generated from GET /api/openapi/v1/openapi.json',
  ' * by scripts/generate-openapi-client.mjs (openapi-typescript). Do not edit:',
  ' * run `npm run openapi:client` after changing a route schema.',
  ' */',
  '',
].join('\n');

/**
 * The opening comment of the @plume/client package's copy (client/src/openapi-v1.ts): the same
 * types, as a .ts module so the package's build emits them into its dist.
 */
export const CLIENT_PACKAGE_HEADER = [
  '/**',
  ' * Types of the Plume Open API v1, generated from the document the control plane serves at',
  ' * GET /api/openapi/v1/openapi.json (openapi-typescript). Do not edit: in the Plume repository,',
  ' * run `npm run openapi:client` after changing a route schema.',
  ' */',
  '',
].join('\n');

/**
 * The opening comment of the console's generated files (scripts/generate-console-client.mjs).
 * @param {string} title e.g. "Plume admin API"
 * @param {string} url the document's path, e.g. /api/admin/openapi.json
 */
export function consoleClientHeader(title, url) {
  return [
    '/**',
    ` * Types of the ${title}, generated from GET ${url}`,
    ' * by scripts/generate-console-client.mjs (openapi-typescript). Do not edit:',
    ' * run `npm run console:client` after changing a route schema.',
    ' */',
    '',
  ].join('\n');
}

/**
 * @param {object} document the OpenAPI 3.1 document as parsed JSON
 * @param {string} [header] the file's opening comment; default the Open API v1's
 */
export async function generateClientTypes(document, header = GENERATED_HEADER) {
  // A deep copy: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(structuredClone(document), { silent: true });
  return header + astToString(ast);
}

/**
 * Open API v1 failures: `{ "error": { "code", "message" } }` with stable
 * lowercase codes. One code→status table; add new codes here.
 */
import { ApiError, type ErrorSurface } from './errors.js';

export const OPENAPI_STATUS = {
  invalid_json: 400,
  invalid_request: 400,
  invalid_idempotency_key: 400,
  /** publishAt is not a string in RFC 3339 form with an explicit zone (Z or ±hh:mm). */
  publish_at_invalid: 400,
  /** publishWindow is not a whole number of seconds within its bounds, or comes without publishAt. */
  publish_window_invalid: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  permission_denied: 403,
  user_disabled: 403,
  quota_exceeded: 403,
  cms_not_permitted: 403,
  not_found: 404,
  endpoint_unavailable: 404,
  article_not_found: 404,
  task_not_found: 404,
  /** An id of another kind (a gen_… task id where an article id belongs, …); the message says where it belongs. */
  identifier_kind_mismatch: 404,
  batch_not_found: 404,
  /** No job of that id in the batch (cancel or move of one job). */
  job_not_found: 404,
  account_not_found: 404,
  node_not_found: 404,
  idempotency_key_reused: 409,
  idempotency_key_in_flight: 409,
  preflight_mismatch: 409,
  settings_contract_outdated: 409,
  account_not_publishable: 409,
  executor_offline: 409,
  /** Cancel or move of a job that is no longer waiting for its time: it started, ended or was canceled. */
  job_not_scheduled: 409,
  /** An answer for a job that waits on no one: it resumed, ended, or never asked. */
  job_not_awaiting_input: 409,
  unknown_platform: 422,
  content_type_not_supported: 422,
  executor_not_supported: 422,
  executor_mismatch: 422,
  capability_missing: 422,
  /** The account's node runs no adapter for the platform (its capabilities.adapters). */
  platform_unsupported_by_node: 422,
  /** The account's node has an adapter for the platform, for other content types. */
  content_type_unsupported_by_node: 422,
  /** The account's node predates the (platform × content type) report: nothing is routed to it until it is updated. */
  node_adapters_unreported: 422,
  settings_executor_upgrade_required: 422,
  invalid_settings: 422,
  /** aiImageCount, images[] and the Markdown image references disagree, or AI content lacks aiProvider/aiModel. */
  aigc_inconsistent: 422,
  deprecated_field: 422,
  video_path_invalid: 422,
  /**
   * A dynamic's images[] path has the wrong form for its executor (same rules as video paths); or a
   * picture in an article's body is a Windows path (web, edge) or, on edge where the platform's
   * adapter uploads it from the node's disk, a local path of the wrong form.
   */
  image_path_invalid: 422,
  /** A cover given as a local path (an article's coverImage for edge or desktop, a video's coverImagePath) has the wrong form for its executor. */
  cover_path_invalid: 422,
  /** The article's cover URL is one no executor downloads (not https, credentials, a non-public literal host). */
  cover_url_invalid: 422,
  /** The article's cover is a local path and the target's executor (web) has no caller's files. */
  cover_path_unsupported: 422,
  /** Title or text longer than a target platform accepts, or too few/many images for it. */
  content_limit_exceeded: 422,
  /** The article's body has a picture given as a local path or relative address, and a target platform takes a body's pictures by web address only (its contract's inline_pictures). */
  local_picture_unsupported: 422,
  /** POST /publish/video `platforms` guard: an account is on a platform not listed there. */
  account_platform_mismatch: 422,
  /** publishAt further in the past than its tolerance. */
  publish_at_in_past: 422,
  /** publishAt beyond the scheduling horizon. */
  publish_at_too_far: 422,
  /** publishAt together with a platform's own scheduledAt setting (a request uses one or the other). */
  schedule_conflict: 422,
  rate_limited: 429,
  daily_limit_exceeded: 429,
  internal_error: 500,
  /** The database cannot be reached (an outage, a restart); with Retry-After. Retry the same request, same Idempotency-Key. */
  service_unavailable: 503,
} as const;
export type OpenApiErrorCode = keyof typeof OPENAPI_STATUS;

export function openapiError(code: OpenApiErrorCode, message: string, headers: Record<string, string> = {}): ApiError {
  return new ApiError(code, message, OPENAPI_STATUS[code], headers);
}

export const openapiSurface: ErrorSurface = {
  format: (code, message) => ({ error: { code, message } }),
  codes: {
    invalidJson: 'invalid_json',
    invalidRequest: 'invalid_request',
    unsupportedMediaType: 'unsupported_media_type',
    payloadTooLarge: 'payload_too_large',
    notFound: 'not_found',
    internal: 'internal_error',
    unavailable: 'service_unavailable',
  },
};

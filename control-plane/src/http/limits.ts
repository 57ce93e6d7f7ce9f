/**
 * How long a path parameter may be. The router refuses a path segment longer
 * than MAX_PARAM_LENGTH characters as sent, percent-encoded, before any route
 * runs (400 with the surface's validation code). One character
 * percent-encodes to at most 12 (four UTF-8 bytes as %XX each), so a path
 * parameter whose schema allows at most MAX_PATH_PARAM_CHARS characters
 * always reaches its route, where validation answers with the field's own
 * message: the served documents never allow an id the router refuses.
 */
export const MAX_PARAM_LENGTH = 1024;
export const MAX_PATH_PARAM_CHARS = Math.floor(MAX_PARAM_LENGTH / 12);

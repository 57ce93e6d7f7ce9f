/**
 * Types of the Plume console API, generated from GET /api/console/openapi.json
 * by scripts/generate-console-client.mjs (openapi-typescript). Do not edit:
 * run `npm run console:client` after changing a route schema.
 */
export interface paths {
    "/api/console/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in: sets the session cookie (a new session every time) and answers the CSRF token
         * @description Wrong email and wrong password answer the same 401 invalid_credentials. Repeated failures for an email or from an address answer 429 login_throttled with Retry-After (at most 15 minutes). No session needed.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out: this browser's session ends and its cookie is cleared
         * @description Any signed-in person.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in person and the session's CSRF token
         * @description Any signed-in person.
         */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; every other session of this person ends
         * @description A wrong current password answers 401 invalid_credentials and counts as a failed login. Any signed-in person.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in person's live sessions
         * @description Any signed-in person.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/sessions/revoke-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every session of the signed-in person, this one too
         * @description Any signed-in person.
         */
        post: operations["revokeAllSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/invites/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invite is for, while it is open (410 invite_invalid once used, expired or unknown)
         * @description No session needed.
         */
        get: operations["getInvite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/invites/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invite: the person is created with this password and logged in (cookie set)
         * @description Single use: of two accepts at once, one succeeds and the other answers 410 invite_invalid. No session needed.
         */
        post: operations["acceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console's people, oldest first
         * @description Roles admin and viewer.
         */
        get: operations["listConsoleUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person: a single-use link, valid 7 days, shown once
         * @description Role admin only.
         */
        post: operations["createInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a person: they cannot log in and their sessions end (not oneself)
         * @description Role admin only.
         */
        post: operations["disableConsoleUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API keys, revoked ones included (never the keys themselves)
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyApiKeys"];
        put?: never;
        /**
         * Create an API key; the key is in this answer only
         * @description Role user only (an integrator); acts on their own data.
         */
        post: operations["createMyApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke one of your API keys; the Open API refuses it from then on (again: no change)
         * @description Role user only (an integrator); acts on their own data.
         */
        post: operations["revokeMyApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook URL, and whether a signing secret is set (never the secret)
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyWebhook"];
        /**
         * Set your webhook URL; a new signing secret is made and shown in this answer only
         * @description Role user only (an integrator); acts on their own data.
         */
        put: operations["setMyWebhook"];
        post?: never;
        /**
         * Remove your webhook: no more events are sent
         * @description Role user only (an integrator); acts on their own data.
         */
        delete: operations["deleteMyWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/webhook/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace your webhook's signing secret; the new one is in this answer only
         * @description Deliveries signed from now on use the new secret (404 not_found when no webhook is set). Role user only (an integrator); acts on their own data.
         */
        post: operations["rotateMyWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event through the normal signed, retried delivery path
         * @description Queued in the webhook outbox like every event; follow it in the delivery log. 404 not_found when no webhook is set. Role user only (an integrator); acts on their own data.
         */
        post: operations["testMyWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/webhook/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook deliveries, newest first
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/webhook/deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry one of your webhook deliveries now
         * @description A failed delivery becomes pending again with a fresh budget of attempts; a pending one has its next attempt brought forward to now. 409 already_delivered when the receiver already accepted it; 404 not_found for an unknown delivery or another user's. Role user only (an integrator); acts on their own data.
         */
        post: operations["retryMyWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your publish batches, newest first, with their job counts
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyBatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The failure body of every /api/console error: branch on `error.code`. */
        ConsoleError: {
            error: {
                /** @description Stable code to branch on; one of: validation_failed, invalid_json, password_too_weak, not_authenticated, invalid_credentials, csrf_failed, forbidden, not_found, email_taken, already_delivered, invite_invalid, payload_too_large, unsupported_media_type, login_throttled, internal_error, service_unavailable */
                code: string;
                /** @description A sentence for people; show it, do not parse it */
                message: string;
            };
        };
        /** @description A person who logs in to the console. */
        ConsoleUser: {
            /** @description cu_… */
            id: string;
            email: string;
            name: string;
            /**
             * @description admin: everything; viewer: the admin pages, read-only; user: an integrator, their own data only
             * @enum {string}
             */
            role: "admin" | "viewer" | "user";
            /** @description For role user: the integrator user whose data this person sees; else null */
            integratorUserId: number | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
            /** @description Set when an admin disabled the person: they can no longer log in */
            disabledAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Trace id of this request: yours when you sent a well-formed X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -), else a new one. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description An email address; matched whatever its case
                     */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Log in: sets the session cookie (a new session every time) and answers the CSRF token */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["ConsoleUser"];
                        /** @description Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie */
                        csrfToken: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in person and the session's CSRF token */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["ConsoleUser"];
                        /** @description Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie */
                        csrfToken: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @description 12 to 200 characters; else 400 password_too_weak */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Changed */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in person's live sessions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: {
                            /** @description csn_… */
                            id: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description Written at most once a minute */
                            lastSeenAt: string;
                            userAgent: string | null;
                            /** @description The session of this request */
                            current: boolean;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    revokeAllSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session ended */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invite token, from the invite URL /invite/<token> */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What an invite is for, while it is open (410 invite_invalid once used, expired or unknown) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {string} */
                        role: "admin" | "viewer" | "user";
                        /** @description The name the inviter suggested, if any */
                        name: string | null;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    acceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invite token, from the invite URL /invite/<token> */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description 12 to 200 characters; else 400 password_too_weak */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Accept an invite: the person is created with this password and logged in (cookie set) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["ConsoleUser"];
                        /** @description Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie */
                        csrfToken: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listConsoleUsers: {
        parameters: {
            query?: {
                /** @description Rows per page, 1 to 200 */
                limit?: number;
                /** @description Rows to skip, 0 to 1,000,000 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The console's people, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["ConsoleUser"][];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    createInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description An email address; matched whatever its case
                     */
                    email: string;
                    /** @enum {string} */
                    role: "admin" | "viewer" | "user";
                    /** @description Required for role user (the integrator user the person acts as); refused for the other roles */
                    integratorUserId?: number;
                    /** @description A name to suggest; the person chooses theirs */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Invite a person: a single-use link, valid 7 days, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invite: {
                            /** @description cinv_… */
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "viewer" | "user";
                            /** @description 7 days after creation */
                            expiresAt: string;
                            /** @description Shown once: only its SHA-256 is kept */
                            token: string;
                            /** @description The relative path to hand over: /invite/<token> */
                            url: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    disableConsoleUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The console user id (cu_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disable a person: they cannot log in and their sessions end (not oneself) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["ConsoleUser"];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listMyApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your API keys, revoked ones included (never the keys themselves) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: {
                            /** @description key_… */
                            id: string;
                            name: string;
                            /** @description The key's first characters, to tell keys apart */
                            prefix: string;
                            permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description About when (written at most once a minute) */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    createMyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Within your plan's; all of your plan's when omitted */
                    permissions?: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                };
            };
        };
        responses: {
            /** @description Create an API key; the key is in this answer only */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: {
                            /** @description key_… */
                            id: string;
                            name: string;
                            /** @description The key's first characters, to tell keys apart */
                            prefix: string;
                            permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description About when (written at most once a minute) */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                            /** @description Shown once: only its SHA-256 is kept */
                            key: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    revokeMyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key id (key_…), not the key */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke one of your API keys; the Open API refuses it from then on (again: no change) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: {
                            /** @description key_… */
                            id: string;
                            name: string;
                            /** @description The key's first characters, to tell keys apart */
                            prefix: string;
                            permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description About when (written at most once a minute) */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    getMyWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your webhook URL, and whether a signing secret is set (never the secret) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            url: string;
                            secretSet: boolean;
                        } | null;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    setMyWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description http(s) URL that receives the signed POSTs
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Set your webhook URL; a new signing secret is made and shown in this answer only */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            url: string;
                        };
                        /** @description Shown once: verify deliveries with it */
                        secret: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    deleteMyWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    rotateMyWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Replace your webhook's signing secret; the new one is in this answer only */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    testMyWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a webhook.test event through the normal signed, retried delivery path */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description evt_…: the delivery in GET /me/webhook/deliveries */
                        deliveryId: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listMyWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Rows per page, 1 to 200 */
                limit?: number;
                /** @description Rows to skip, 0 to 1,000,000 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your webhook deliveries, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            /** @description evt_…, also sent as Plume-Webhook-Id */
                            id: string;
                            /** @description The event type, e.g. publish.job.updated or webhook.test */
                            event: string;
                            /**
                             * @description pending: will be (re)tried; delivered: your endpoint answered 2xx; failed: attempts spent
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status of the last attempt; null when it got no answer */
                            lastStatusCode: number | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            deliveredAt: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    retryMyWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery id (evt_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Retry one of your webhook deliveries now */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            /** @description evt_…, also sent as Plume-Webhook-Id */
                            id: string;
                            /** @description The event type, e.g. publish.job.updated or webhook.test */
                            event: string;
                            /**
                             * @description pending: will be (re)tried; delivered: your endpoint answered 2xx; failed: attempts spent
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status of the last attempt; null when it got no answer */
                            lastStatusCode: number | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            deliveredAt: string | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
    listMyBatches: {
        parameters: {
            query?: {
                /** @description Rows per page, 1 to 200 */
                limit?: number;
                /** @description Rows to skip, 0 to 1,000,000 */
                offset?: number;
                /** @description Only batches in this state */
                status?: "queued" | "running" | "succeeded" | "failed" | "partial";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your publish batches, newest first, with their job counts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batches: {
                            /** @description bat_… */
                            batchId: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "succeeded" | "failed" | "partial";
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            jobs: number;
                            succeeded: number;
                            failed: number;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `email_taken` (409), `already_delivered` (409), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
            /** @description The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: `internal_error` (500), `service_unavailable` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleError"];
                };
            };
        };
    };
}

/**
 * Types of the Plume Open API v1, generated from the document the control plane serves at
 * GET /api/openapi/v1/openapi.json (openapi-typescript). Do not edit: in the Plume repository,
 * run `npm run openapi:client` after changing a route schema.
 */
export interface paths {
    "/api/openapi/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Permissions and the independent quotas for web, desktop, edge, cms
         * @description The API key's effective permissions (the key's within the plan's), the plan's CMS permission, the four independent publish quota buckets (web, desktop, edge, cms) and the per-minute and daily request limits shared by all keys of the user. Any valid key.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List articles
         * @description The caller's imported and generated articles, newest first, without their content.
         */
        get: operations["listArticles"];
        put?: never;
        /**
         * Import an article
         * @description Stores an externally written Markdown article with its AI provenance and answers its article_id and `aigc` label. Articles cannot be updated or deleted: re-import to get a new article_id. Needs `articles:write`. Honors `Idempotency-Key`.
         */
        post: operations["importArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/articles/{article_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Article detail
         * @description One article with its Markdown content, provenance and `aigc` label.
         */
        get: operations["getArticle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/articles/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start article generation
         * @description Queues an asynchronous generation task and answers 202 with its task_id; poll GET /articles/generate/{task_id} every 2-5 s until done or failed (or receive the article.generation.* webhook). When the server has no generation provider configured, the task is failed at once with error code generation_unconfigured. Needs `articles:write`. Honors `Idempotency-Key`.
         */
        post: operations["generateArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/articles/generate/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll article generation
         * @description status queued | running | done | failed. On done: article_id, title, and the article's content_provenance and aigc label. On failed: error { code, message }.
         */
        get: operations["getGenerationTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts of the caller, with the executor for a content type
         * @description Lists the caller's platform accounts and CMS sites (CMS sites are accounts too). With `contentType`, `executor` is the executor that will publish that type for the account, or null (and `publishable: false`) when the type cannot be routed there; routing is fixed by where the account lives and cannot be bypassed. Accounts are read-only through this interface: login, binding and removal happen in the web or desktop application. Needs `accounts:read`.
         */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/execution-nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and capabilities of desktop and cloud nodes
         * @description The execution nodes authorized for the caller. Judge executor compatibility from `capabilities` (`localVideoFile`, `publishSettingsSnapshot`), not from version numbers. Needs `accounts:read`.
         */
        get: operations["listExecutionNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Catalog (publish.platforms)
         * @description The integration catalog: each platform with its content types, the executors allowed for articles/dynamics and for videos, and video sources (only local_file). Any valid key.
         */
        get: operations["getMeta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/video/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current video platforms and their specific parameters
         * @description The platforms that publish video, their executors, limits, cover support and their own settings (for example bilibili.partitionName and douyin.creationDeclaration), with the deprecated fields each refuses. Any valid key.
         */
        get: operations["getVideoMeta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current settings contract for a content type
         * @description Fields, options, required and conditional declarations, limits and cover support for `contentType`, common to all platforms and per platform, with `settings_contract_version`. With `accountIds` (needs `accounts:read`), also the account presets. Never returns cookies, proxy or site connection parameters.
         */
        get: operations["getPublishSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/preflight": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read-only check of a publish request
         * @description The body of the formal publish plus `contentType`. Merges settings (`account` mode: account preset, then platformSettings[platform], then accountSettings[accountId]; `custom` ignores presets) and reports each target's effective settings and their source, quota, account publishability and executor status, the items only execution can verify, the settings each target's executor has no control for (`ignored_settings`), and `preflight_hash`. Consumes no quota, enqueues nothing, reads no local file. A node without publishSettingsSnapshot=1 answers 422 settings_executor_upgrade_required; a platform or content type the account's node does not run (its capabilities.adapters) answers 422 platform_unsupported_by_node, content_type_unsupported_by_node or node_adapters_unreported; a setting value outside a platform's fixed list (GET /publish/settings options) answers 422 invalid_settings. For the formal publish, drop `contentType` and send `preflightHash` and `settingsContractVersion`. Needs `publish`.
         */
        post: operations["preflightPublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish articles (and CMS articles)
         * @description Publishes an article to the accounts in `accountIds`, one job per account in one batch. CMS sites use this endpoint with executor web and need the plan's CMS permission, the `cms` key permission and cms quota. Every account must resolve to `executor` (GET /accounts?contentType=…); fixed routing cannot be bypassed. Settings merge as in preflight and are frozen into each job. With `preflightHash`, a change of content, settings or route since the preflight answers 409 preflight_mismatch; a `settingsContractVersion` other than the current answers 409 settings_contract_outdated. Quota is taken from the executor's bucket (cms for CMS sites), one unit per job, all or nothing; a job that ends failed (nothing published) gives its unit back. With `publishAt` the batch is accepted now and its jobs are `scheduled` until then (`publishWindow`: the lateness accepted); cancel or move them with POST /publish/{batch_id}/cancel and /reschedule. Needs `publish`.
         */
        post: operations["publishArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/dynamic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish dynamics
         * @description Body: { executor, accountIds, content (text, required, at most 2000 characters), images? (absolute local image paths on the executing machine, same rules as video paths), settingsMode, platformSettings, accountSettings, preflightHash?, settingsContractVersion? }. Dynamics exist on six platforms only (douyin, xiaohongshu, bilibili, weibo, toutiao, kuaishou) and never fall back to articles. Answers 202 with a Location header to poll. Every account must resolve to `executor` (GET /accounts?contentType=…); fixed routing cannot be bypassed. Settings merge as in preflight and are frozen into each job. With `preflightHash`, a change of content, settings or route since the preflight answers 409 preflight_mismatch; a `settingsContractVersion` other than the current answers 409 settings_contract_outdated. Quota is taken from the executor's bucket (cms for CMS sites), one unit per job, all or nothing; a job that ends failed (nothing published) gives its unit back. With `publishAt` the batch is accepted now and its jobs are `scheduled` until then (`publishWindow`: the lateness accepted); cancel or move them with POST /publish/{batch_id}/cancel and /reschedule. Needs `publish`.
         */
        post: operations["publishDynamic"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish videos
         * @description executor edge or desktop (web is not supported for video). localVideoPath (and coverImagePath) are absolute paths on the executing machine: on edge under PLUME_EDGE_VIDEO_DIR/<userId>/ (normalized, no ".."), on desktop a path of the operating system the desktop reports (capabilities.os; Windows when it reports none); the node must report capabilities.localVideoFile = 1. videoUrl and coverImageUrl are deprecated: any non-empty value is refused. youtube is published by desktop only. Platform parameters go in platformSettings keyed by platform code (bilibili.partitionName, douyin.creationDeclaration; the legacy numeric partition id and AI switch are refused). Every account must resolve to `executor` (GET /accounts?contentType=…); fixed routing cannot be bypassed. Settings merge as in preflight and are frozen into each job. With `preflightHash`, a change of content, settings or route since the preflight answers 409 preflight_mismatch; a `settingsContractVersion` other than the current answers 409 settings_contract_outdated. Quota is taken from the executor's bucket (cms for CMS sites), one unit per job, all or nothing; a job that ends failed (nothing published) gives its unit back. With `publishAt` the batch is accepted now and its jobs are `scheduled` until then (`publishWindow`: the lateness accepted); cancel or move them with POST /publish/{batch_id}/cancel and /reschedule. Needs `publish`.
         */
        post: operations["publishVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Batches created by a publish call, by its X-Request-Id
         * @description When a publish answer never arrived (a timeout, a dropped connection), look the call up here by its X-Request-Id before retrying: an item means the batch exists (poll it; do not publish again), an empty list means that call created nothing (retry it with the same Idempotency-Key). A client that sends its own X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -) knows it even without an answer; otherwise the id is in the answer's X-Request-Id header. Only the caller's batches, newest first, at most 20. A call still in flight has created nothing yet. Needs `publish`.
         */
        get: operations["listPublishBatchesByRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Batch result
         * @description The batch and one entry per account: state, redacted feedback (message and step), platform status, post id and URL, verification time, error. Only a batch_id returned by a publish call of this user is valid. Poll every 2 to 5 s until the batch state is succeeded, failed or partial; on 429 wait for Retry-After. Needs `publish`.
         */
        get: operations["getPublishBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the scheduled jobs of a batch
         * @description Cancels every job of the batch that has not started; each canceled job gives its quota unit back and its state becomes canceled. Only jobs created with publishAt, before they start: while `scheduled`, or due and still waiting for their executor (`queued`); once offered to their executor a job has started and is left alone. A job is never both canceled and started: the database decides on the job row. Idempotent: a repeat answers the batch as it is. 409 job_not_scheduled when no job of the batch is (or was) canceled: they all started or ended. Needs `publish`.
         */
        post: operations["cancelScheduledBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}/jobs/{job_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel one scheduled job
         * @description Cancels the job if it has not started; its quota unit is given back. Only jobs created with publishAt, before they start: while `scheduled`, or due and still waiting for their executor (`queued`); once offered to their executor a job has started and is left alone. A job is never both canceled and started: the database decides on the job row. Idempotent. 409 job_not_scheduled when it started or ended; 404 job_not_found when the batch has no such job. Answers the batch. Needs `publish`.
         */
        post: operations["cancelScheduledJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the scheduled jobs of a batch to another time
         * @description Moves every job of the batch that has not started to publishAt (a due job still waiting for its executor becomes scheduled again). Only jobs created with publishAt, before they start: while `scheduled`, or due and still waiting for their executor (`queued`); once offered to their executor a job has started and is left alone. A job is never both canceled and started: the database decides on the job row. publishAt follows the rules of a publish: Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. Idempotent: moving again to the same time changes nothing. 409 job_not_scheduled when no job could be moved. Needs `publish`.
         */
        post: operations["rescheduleBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}/jobs/{job_id}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move one scheduled job to another time
         * @description Moves the job to publishAt if it has not started. Only jobs created with publishAt, before they start: while `scheduled`, or due and still waiting for their executor (`queued`); once offered to their executor a job has started and is left alone. A job is never both canceled and started: the database decides on the job row. Idempotent. 409 job_not_scheduled when it started or ended; 404 job_not_found when the batch has no such job. Answers the batch. Needs `publish`.
         */
        post: operations["rescheduleJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}/jobs/{job_id}/input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer what a platform asked a job awaiting input
         * @description For a job in state `awaiting_input` (its `challenge` says what the platform asked): the SMS code or text goes to the node holding the job's page, which types it there; once the platform takes it the job resumes (`running`, a `publish.job.updated` event) and nothing is published twice: the publish itself has not been clicked yet. A wrong code leaves the job awaiting input until `challenge.deadline`, after which it fails `input_timeout` and gives its unit back. An answer given while the node holding the page is reconnecting is kept and typed in once it is back; answers arrive in the order they were given. Answers 202 with the batch as it is now. 409 job_not_awaiting_input when the job waits on no one. Sliders and clicks are answered in the console, which shows the live page. Needs `publish`.
         */
        post: operations["answerJobChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi/v1/publish/{batch_id}/jobs/{job_id}/challenge/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The page of a job awaiting input, as it was when the platform asked
         * @description The PNG the node took when it met the challenge, base64 in JSON. 409 job_not_awaiting_input when the job waits on no one; 404 job_not_found also when the node sent no picture. Needs `publish`.
         */
        get: operations["getJobChallengeScreenshot"];
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
        /** @description The failure body of every Open API v1 error: branch on `error.code`. */
        Error: {
            error: {
                /** @description Stable code to branch on; one of: invalid_json, invalid_request, invalid_idempotency_key, publish_at_invalid, publish_window_invalid, unsupported_media_type, payload_too_large, unauthorized, permission_denied, user_disabled, quota_exceeded, cms_not_permitted, not_found, endpoint_unavailable, article_not_found, task_not_found, identifier_kind_mismatch, batch_not_found, job_not_found, account_not_found, node_not_found, idempotency_key_reused, idempotency_key_in_flight, preflight_mismatch, settings_contract_outdated, account_not_publishable, executor_offline, job_not_scheduled, job_not_awaiting_input, unknown_platform, content_type_not_supported, executor_not_supported, executor_mismatch, capability_missing, platform_unsupported_by_node, content_type_unsupported_by_node, node_adapters_unreported, settings_executor_upgrade_required, invalid_settings, aigc_inconsistent, deprecated_field, video_path_invalid, image_path_invalid, cover_path_invalid, cover_url_invalid, cover_path_unsupported, content_limit_exceeded, local_picture_unsupported, account_platform_mismatch, publish_at_in_past, publish_at_too_far, schedule_conflict, rate_limited, daily_limit_exceeded, internal_error, service_unavailable */
                code: string;
                /** @description Human-readable explanation; do not parse */
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Trace id of this request: yours when you sent a well-formed X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -), else a new one. When a publish result is undetermined, look it up with GET /publish/batches?requestId=… before retrying; do not resend with a new Idempotency-Key. */
        "X-Request-Id": string;
        /** @description Requests allowed per minute, for all keys of the user together. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current minute. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the per-minute window resets. */
        "RateLimit-Reset": number;
        /** @description Requests allowed per UTC day, for all keys of the user together. */
        "X-DailyLimit": number;
        /** @description Requests left today (UTC). */
        "X-DailyRemaining": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description Present (`true`) when this is the stored answer to an earlier request with the same Idempotency-Key, not a new execution. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's permissions, plan, quota buckets and request limits */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: number;
                        plan: string;
                        permissions: string[];
                        cms_enabled: boolean;
                        quotas: {
                            /** @description used: one unit per job published or in progress; a job that ended failed (nothing published) has given its unit back */
                            web: {
                                granted: number;
                                used: number;
                                remaining: number;
                            };
                            /** @description used: one unit per job published or in progress; a job that ended failed (nothing published) has given its unit back */
                            desktop: {
                                granted: number;
                                used: number;
                                remaining: number;
                            };
                            /** @description used: one unit per job published or in progress; a job that ended failed (nothing published) has given its unit back */
                            edge: {
                                granted: number;
                                used: number;
                                remaining: number;
                            };
                            /** @description used: one unit per job published or in progress; a job that ended failed (nothing published) has given its unit back */
                            cms: {
                                granted: number;
                                used: number;
                                remaining: number;
                            };
                        };
                        limits: {
                            per_minute: number;
                            daily: number;
                        };
                    };
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listArticles: {
        parameters: {
            query?: {
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Articles per page, 1-100 (default 20) */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of articles, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description art_… */
                            article_id: string;
                            title: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            /**
                             * @description Who wrote the text: `human` (no AI), `ai_assisted` (a person wrote it with AI help: drafting, rewriting, translation), `ai_generated` (an AI wrote it, maybe lightly edited).
                             * @enum {string}
                             */
                            content_provenance: "human" | "ai_assisted" | "ai_generated";
                            /** @description AI-content label; text and images are labeled separately */
                            aigc: {
                                /** @description True when the text is AI (ai_assisted or ai_generated) or aiImageCount > 0; then display display_label prominently */
                                label_required: boolean;
                                /** @description One of: "AI-generated text and images", "AI-generated text", "AI-assisted text, AI-generated images", "AI-assisted text", "Contains AI-generated images"; empty when no label is required */
                                display_label: string;
                                applies_to: {
                                    /** @description The text is AI-generated or AI-assisted */
                                    text: boolean;
                                    /** @description At least one image is AI-generated */
                                    images: boolean;
                                };
                            };
                            cover_image: string | null;
                            /** @description Same as cover_image (the spelling the specification uses) */
                            coverImage: string | null;
                        }[];
                        /** @description Articles in all pages */
                        total: number;
                        page: number;
                        page_size: number;
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; a random UUID is recommended. Kept 24 h: the same key and body returns the first answer (with `idempotent-replayed: true`); other parameters answer 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    /** @description Markdown. Reference images with Markdown image syntax (`![alt](https://…)`); there is no separate upload. */
                    content: string;
                    /**
                     * @description Who wrote the text: `human` (no AI), `ai_assisted` (a person wrote it with AI help: drafting, rewriting, translation), `ai_generated` (an AI wrote it, maybe lightly edited).
                     * @enum {string}
                     */
                    contentProvenance: "human" | "ai_assisted" | "ai_generated";
                    /** @description The AI service that produced AI content (e.g. `api.openai.com`); required when the text is AI or aiImageCount > 0. */
                    aiProvider?: string | null;
                    /** @description The model; required when aiProvider is. */
                    aiModel?: string | null;
                    /**
                     * @description Images truly generated by AI among the article's images (the distinct Markdown image references in content, plus coverImage). Library, product and uploaded images never count. Default 0.
                     * @default 0
                     */
                    aiImageCount?: number;
                    /** @description Cover image: an http(s) URL or an absolute path. Its origin is `uploaded` unless images[] says otherwise. */
                    coverImage?: string | null;
                    /** @description Optional origin of each image. When sent, aiImageCount must equal the number of entries with origin ai_generated; unlisted images count as uploaded. */
                    images?: {
                        /** @description As written in content (or the coverImage) */
                        url: string;
                        /**
                         * @description `ai_generated` counts toward aiImageCount; `library`, `product` and `uploaded` never do
                         * @enum {string}
                         */
                        origin: "ai_generated" | "library" | "product" | "uploaded";
                    }[];
                };
            };
        };
        responses: {
            /** @description The imported article (without its content) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    /** @description The new article: /api/openapi/v1/articles/{article_id} */
                    Location?: string;
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description art_… */
                        article_id: string;
                        title: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /**
                         * @description Who wrote the text: `human` (no AI), `ai_assisted` (a person wrote it with AI help: drafting, rewriting, translation), `ai_generated` (an AI wrote it, maybe lightly edited).
                         * @enum {string}
                         */
                        content_provenance: "human" | "ai_assisted" | "ai_generated";
                        /** @description AI-content label; text and images are labeled separately */
                        aigc: {
                            /** @description True when the text is AI (ai_assisted or ai_generated) or aiImageCount > 0; then display display_label prominently */
                            label_required: boolean;
                            /** @description One of: "AI-generated text and images", "AI-generated text", "AI-assisted text, AI-generated images", "AI-assisted text", "Contains AI-generated images"; empty when no label is required */
                            display_label: string;
                            applies_to: {
                                /** @description The text is AI-generated or AI-assisted */
                                text: boolean;
                                /** @description At least one image is AI-generated */
                                images: boolean;
                            };
                        };
                        cover_image: string | null;
                        /** @description Same as cover_image (the spelling the specification uses) */
                        coverImage: string | null;
                        ai_provider: string | null;
                        ai_model: string | null;
                        ai_image_count: number;
                        /**
                         * @description How the article was created
                         * @enum {string}
                         */
                        source: "import" | "generation";
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getArticle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description art_… from an import or a finished generation task */
                article_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article with its content */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description art_… */
                        article_id: string;
                        title: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /**
                         * @description Who wrote the text: `human` (no AI), `ai_assisted` (a person wrote it with AI help: drafting, rewriting, translation), `ai_generated` (an AI wrote it, maybe lightly edited).
                         * @enum {string}
                         */
                        content_provenance: "human" | "ai_assisted" | "ai_generated";
                        /** @description AI-content label; text and images are labeled separately */
                        aigc: {
                            /** @description True when the text is AI (ai_assisted or ai_generated) or aiImageCount > 0; then display display_label prominently */
                            label_required: boolean;
                            /** @description One of: "AI-generated text and images", "AI-generated text", "AI-assisted text, AI-generated images", "AI-assisted text", "Contains AI-generated images"; empty when no label is required */
                            display_label: string;
                            applies_to: {
                                /** @description The text is AI-generated or AI-assisted */
                                text: boolean;
                                /** @description At least one image is AI-generated */
                                images: boolean;
                            };
                        };
                        cover_image: string | null;
                        /** @description Same as cover_image (the spelling the specification uses) */
                        coverImage: string | null;
                        ai_provider: string | null;
                        ai_model: string | null;
                        ai_image_count: number;
                        /**
                         * @description How the article was created
                         * @enum {string}
                         */
                        source: "import" | "generation";
                        /** @description Markdown */
                        content: string;
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; a random UUID is recommended. Kept 24 h: the same key and body returns the first answer (with `idempotent-replayed: true`); other parameters answer 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the article is about (1-500 characters) */
                    customTopic: string;
                    /**
                     * @description One of: informative: clear, factual and well organized, with subheadings; narrative: tells a story with characters, a setting and a clear arc; persuasive: argues one position with evidence and ends with a call to action; casual: conversational, friendly and easy to read; technical: precise and detailed, for practitioners, with concrete examples. Default informative.
                     * @default informative
                     * @enum {string}
                     */
                    style?: "informative" | "narrative" | "persuasive" | "casual" | "technical";
                    /**
                     * @description Approximate length in words, 100-10,000. Default 800.
                     * @default 800
                     */
                    wordCount?: number;
                };
            };
        };
        responses: {
            /** @description A generation task */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    /** @description The task to poll: /api/openapi/v1/articles/generate/{task_id} */
                    Location?: string;
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description gen_…; a generation task id, not an article id */
                        task_id: string;
                        /**
                         * @description queued → running → done | failed; done and failed are terminal. Poll every 2-5 s.
                         * @enum {string}
                         */
                        status: "queued" | "running" | "done" | "failed";
                        /** @description When done: the generated article (art_…) */
                        article_id?: string;
                        /** @description When done: its title */
                        title?: string;
                        /**
                         * @description When done: the article's provenance (always ai_generated)
                         * @enum {string}
                         */
                        content_provenance?: "human" | "ai_assisted" | "ai_generated";
                        /** @description When done: the article's AI-content label, as GET /articles/{article_id} answers it */
                        aigc?: {
                            /** @description True when the text is AI (ai_assisted or ai_generated) or aiImageCount > 0; then display display_label prominently */
                            label_required: boolean;
                            /** @description One of: "AI-generated text and images", "AI-generated text", "AI-assisted text, AI-generated images", "AI-assisted text", "Contains AI-generated images"; empty when no label is required */
                            display_label: string;
                            applies_to: {
                                /** @description The text is AI-generated or AI-assisted */
                                text: boolean;
                                /** @description At least one image is AI-generated */
                                images: boolean;
                            };
                        };
                        /** @description Why the task failed (status failed only) */
                        error?: {
                            /**
                             * @description generation_unconfigured: The operator has not configured a generation provider. provider_error: The provider answered an error (or could not be reached) on every attempt. provider_timeout: The provider did not answer within the configured timeout on every attempt. provider_malformed_response: The provider answered something that is not a usable article on every attempt. generation_failed: The task was interrupted (its worker stopped) on every attempt
                             * @enum {string}
                             */
                            code: "generation_unconfigured" | "provider_error" | "provider_timeout" | "provider_malformed_response" | "generation_failed";
                            message: string;
                        };
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGenerationTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description gen_… from POST /articles/generate */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A generation task */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description gen_…; a generation task id, not an article id */
                        task_id: string;
                        /**
                         * @description queued → running → done | failed; done and failed are terminal. Poll every 2-5 s.
                         * @enum {string}
                         */
                        status: "queued" | "running" | "done" | "failed";
                        /** @description When done: the generated article (art_…) */
                        article_id?: string;
                        /** @description When done: its title */
                        title?: string;
                        /**
                         * @description When done: the article's provenance (always ai_generated)
                         * @enum {string}
                         */
                        content_provenance?: "human" | "ai_assisted" | "ai_generated";
                        /** @description When done: the article's AI-content label, as GET /articles/{article_id} answers it */
                        aigc?: {
                            /** @description True when the text is AI (ai_assisted or ai_generated) or aiImageCount > 0; then display display_label prominently */
                            label_required: boolean;
                            /** @description One of: "AI-generated text and images", "AI-generated text", "AI-assisted text, AI-generated images", "AI-assisted text", "Contains AI-generated images"; empty when no label is required */
                            display_label: string;
                            applies_to: {
                                /** @description The text is AI-generated or AI-assisted */
                                text: boolean;
                                /** @description At least one image is AI-generated */
                                images: boolean;
                            };
                        };
                        /** @description Why the task failed (status failed only) */
                        error?: {
                            /**
                             * @description generation_unconfigured: The operator has not configured a generation provider. provider_error: The provider answered an error (or could not be reached) on every attempt. provider_timeout: The provider did not answer within the configured timeout on every attempt. provider_malformed_response: The provider answered something that is not a usable article on every attempt. generation_failed: The task was interrupted (its worker stopped) on every attempt
                             * @enum {string}
                             */
                            code: "generation_unconfigured" | "provider_error" | "provider_timeout" | "provider_malformed_response" | "generation_failed";
                            message: string;
                        };
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /** @description article, dynamic or video */
                contentType?: "article" | "dynamic" | "video";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's accounts and CMS sites */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content_type: ("article" | "dynamic" | "video") | null;
                        accounts: {
                            /** @description Account id: the integer to put in accountIds */
                            id: number;
                            /** @description Platform code from GET /meta (CMS sites: wordpress or metaweblog) */
                            platform: string;
                            platform_name: string;
                            /** @enum {string} */
                            category: "content" | "cms";
                            display_name: string;
                            /** @description Paired, logged in (CMS sites: paired) and, with contentType, able to publish that type: the catalog routes it to the account's executor and the account's node reports an adapter for that platform and type (CMS sites: articles, always). For executor web (content platforms), also: the web node holding the account is online and serves you. Without contentType, able to publish at least one type. */
                            publishable: boolean;
                            /** @description Empty when publishable. platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type; node_adapters_unreported: the node predates that report, update and restart it; web_node_unavailable (executor web): the web node holding the account is offline or draining, and the service moves the account to another one. Desktop executors activated with a license code: license_exhausted (a COUNT code with no uses left), license_expired (a TIME code past its end, or the application away longer than its license session may be renewed), license_revoked (its device or code revoked or disabled, or its application version banned). */
                            unpublishable_reasons: ("unknown_platform" | "content_type_not_supported" | "executor_not_supported" | "platform_unsupported_by_node" | "content_type_unsupported_by_node" | "node_adapters_unreported" | "not_paired" | "logged_out" | "login_unknown" | "no_node" | "node_not_authorized" | "node_revoked" | "site_check_failed" | "web_node_unavailable" | "license_exhausted" | "license_expired" | "license_revoked")[];
                            /** @description With contentType: the failed site check behind `site_check_failed` (the node checked the live site and it changed), else null */
                            site_check: {
                                /** @description When the node ran the check (ISO 8601) */
                                checked_at: string;
                                /** @description The first step whose page no longer matched */
                                step: string;
                                /** @description The adapter error code, e.g. editor_changed */
                                code: string;
                                message: string;
                            } | null;
                            /** @description The executor that publishes for this account (fixed routing: a publish naming another executor is refused). With contentType, null when that type cannot be routed. */
                            executor: ("web" | "desktop" | "edge") | null;
                            /** @description CMS sites: always true (they run in the service). Others: the account's node is connected and heartbeating. */
                            executor_online: boolean;
                            node_id: string | null;
                            /**
                             * @description As the account's node last reported it. logged_out: the platform session ended (an expired one is also announced by the account.session_expired webhook); unknown: not checked yet, or the last check could not tell; unsupported_platform: the node has no adapter for the platform, so it can neither check the login nor publish there.
                             * @enum {string}
                             */
                            login_state: "logged_in" | "logged_out" | "unknown" | "unsupported_platform";
                            /** @description Content types this account can publish with its executor: those the catalog routes there and the account's node runs */
                            content_types: ("article" | "dynamic" | "video")[];
                            /** @description What the platform is known to ask in the middle of a publish (sms, slider, captcha, identity, dialog), as the account's node records it. A job meeting one waits as awaiting_input for a person (onChallenge: wait) or fails challenge_required (onChallenge: fail). Empty: none recorded, which is not a promise that none comes. */
                            may_ask: ("sms" | "slider" | "captcha" | "identity" | "dialog")[];
                            /** @description How the account is doing with its platform; every change is also announced by the account.health_changed webhook */
                            health: {
                                /**
                                 * @description ok: nothing seen lately. watch: signals of trouble (a challenge met, a lost login, a publish refused or failed on a challenge) in the rules' window; jobs still start. cooling: too many signals lately: no job of the account starts until cool_until (they wait queued, `pacing.reason` cooling), then watch. restricted: set by an operator or by a restriction the platform showed; no job starts until an operator clears it.
                                 * @enum {string}
                                 */
                                state: "ok" | "watch" | "cooling" | "restricted";
                                /** @description When the account entered this state (ISO 8601); null: never evaluated (ok) */
                                since: string | null;
                                /** @description cooling: when its jobs may start again; else null */
                                cool_until: string | null;
                                /** @description Its newest signals (up to 3, newest first), counted or not */
                                signals: {
                                    /** @description challenge, session_expired, publish_rejected, challenge_required, input_timeout, or a kind a node reports (restriction_banner) */
                                    kind: string;
                                    /** @description control_plane or node */
                                    source: string;
                                    at: string;
                                }[];
                            };
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listExecutionNodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution nodes that serve the caller */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: {
                            node_id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            /**
                             * @description online: connected and heartbeating; draining: finishing its jobs, takes no new ones
                             * @enum {string}
                             */
                            status: "online" | "offline" | "draining";
                            online: boolean;
                            last_heartbeat_at: string | null;
                            capabilities: {
                                /** @description 1 when the node publishes local video files */
                                localVideoFile: 0 | 1;
                                /** @description 1 when the node runs jobs with frozen settings; a node without it gets no jobs (422 settings_executor_upgrade_required) */
                                publishSettingsSnapshot: 0 | 1;
                                chromiumVersion?: string;
                                concurrency?: number;
                                platforms?: string[];
                                /** @description What the node runs: platform × content types. An account is publishable for a content type only when its node reports that pair. Absent for nodes that predate this report: nothing is routed to them (node_adapters_unreported) until they are updated. */
                                adapters?: {
                                    platform: string;
                                    contentTypes: ("article" | "dynamic" | "video")[];
                                    /** @description Settings fields this adapter applies; others in a job are not applied (preflight lists them in ignored_settings) */
                                    settings: string[];
                                }[];
                                /** @description Root of the node's video tree (PLUME_EDGE_VIDEO_DIR), when the node reports it */
                                videoDir?: string;
                            };
                            /** @description Edge nodes that report their video root: the directory your files go in (<videoDir>/<your user id>/); null otherwise */
                            video_dir: string | null;
                        }[];
                    };
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMeta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration catalog */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        publish: {
                            /** @description The 24 integration items: 22 content platforms and 2 CMS site types */
                            platforms: {
                                /** @description Platform code */
                                id: string;
                                name: string;
                                /** @enum {string} */
                                category: "content" | "cms";
                                content_types: ("article" | "dynamic" | "video")[];
                                /** @description Executors for articles and dynamics */
                                article_executors: ("web" | "desktop" | "edge")[];
                                video_executors: ("web" | "desktop" | "edge")[];
                                video_sources: "local_file"[];
                            }[];
                            content_types: ("article" | "dynamic" | "video")[];
                            executors: ("web" | "desktop" | "edge")[];
                            settings_modes: ("account" | "custom")[];
                            settings_contract_version: string;
                            quota_buckets: ("web" | "desktop" | "edge" | "cms")[];
                        };
                    };
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVideoMeta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The video platforms and their parameters */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings_contract_version: string;
                        video_sources: "local_file"[];
                        /** @description executor=web is not supported for video */
                        executors: ("edge" | "desktop")[];
                        paths: {
                            edge: string;
                            desktop: string;
                        };
                        /** @description Any non-empty value is refused (422 deprecated_field) */
                        deprecated_request_fields: string[];
                        common_settings: {
                            /** @description Name to use inside platformSettings, accountSettings and presets */
                            key: string;
                            /** @enum {string} */
                            type: "string" | "text" | "boolean" | "integer" | "enum" | "string_list" | "url";
                            description: string;
                            required: boolean;
                            /** @description Conditional declaration: required when `field` has one of these values */
                            required_when: {
                                field: string;
                                in: (string | number | boolean)[];
                            } | null;
                            /** @description enum: the values it takes. string_list: the only items it takes, from the platform's own fixed list (juejin tags); absent, items are free text. Other values are refused with 422 invalid_settings. */
                            options?: string[];
                            /** @description Applied when no layer sets the field */
                            default?: string | number | boolean | string[];
                            limits?: {
                                min_length?: number;
                                max_length?: number;
                                /** @description The widest value the platform's editor takes, as it measures: a Chinese (full-width) character counts 2, a Latin letter, digit or space 1 (WeChat's author: 16, that is 8 Chinese characters) */
                                max_width?: number;
                                min?: number;
                                max?: number;
                                min_items?: number;
                                max_items?: number;
                            };
                        }[];
                        platforms: {
                            id: string;
                            name: string;
                            video_executors: ("web" | "desktop" | "edge")[];
                            limits: {
                                title_min_length?: number;
                                title_max_length?: number;
                                content_max_length?: number;
                                min_images?: number;
                                max_images?: number;
                                /**
                                 * @description Articles: pictures in the body must be web (http, https) addresses; the platform's executors cannot upload a local file. An article whose body has a local path or a relative address is refused for this platform with 422 local_picture_unsupported.
                                 * @enum {string}
                                 */
                                inline_pictures?: "web_addresses_only";
                            };
                            cover: {
                                /** @description coverMode custom is accepted; a cover the platform does not adopt stops the job instead of falling back to an automatic cover */
                                custom: boolean;
                                note: string;
                            };
                            /** @description Parameters specific to this platform, set in platformSettings[<id>] */
                            settings: {
                                /** @description Name to use inside platformSettings, accountSettings and presets */
                                key: string;
                                /** @enum {string} */
                                type: "string" | "text" | "boolean" | "integer" | "enum" | "string_list" | "url";
                                description: string;
                                required: boolean;
                                /** @description Conditional declaration: required when `field` has one of these values */
                                required_when: {
                                    field: string;
                                    in: (string | number | boolean)[];
                                } | null;
                                /** @description enum: the values it takes. string_list: the only items it takes, from the platform's own fixed list (juejin tags); absent, items are free text. Other values are refused with 422 invalid_settings. */
                                options?: string[];
                                /** @description Applied when no layer sets the field */
                                default?: string | number | boolean | string[];
                                limits?: {
                                    min_length?: number;
                                    max_length?: number;
                                    /** @description The widest value the platform's editor takes, as it measures: a Chinese (full-width) character counts 2, a Latin letter, digit or space 1 (WeChat's author: 16, that is 8 Chinese characters) */
                                    max_width?: number;
                                    min?: number;
                                    max?: number;
                                    min_items?: number;
                                    max_items?: number;
                                };
                            }[];
                            deprecated_settings: {
                                key: string;
                                replacement: string;
                                message: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublishSettings: {
        parameters: {
            query: {
                /** @description article, dynamic or video */
                contentType: "article" | "dynamic" | "video";
                /** @description Comma-separated account ids whose presets to include; needs the accounts:read permission */
                accountIds?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings contract for the content type */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @description Send it back as settingsContractVersion on publish */
                        settings_contract_version: string;
                        settings_modes: ("account" | "custom")[];
                        /** @description account mode: the account preset, then platformSettings[platform], then accountSettings[accountId]; a later layer wins per field. custom mode skips the preset. */
                        merge_order: string[];
                        limits: {
                            title_min_length?: number;
                            title_max_length?: number;
                            content_max_length?: number;
                            min_images?: number;
                            max_images?: number;
                            /**
                             * @description Articles: pictures in the body must be web (http, https) addresses; the platform's executors cannot upload a local file. An article whose body has a local path or a relative address is refused for this platform with 422 local_picture_unsupported.
                             * @enum {string}
                             */
                            inline_pictures?: "web_addresses_only";
                        };
                        /** @description Fields every platform of this content type takes */
                        common: {
                            /** @description Name to use inside platformSettings, accountSettings and presets */
                            key: string;
                            /** @enum {string} */
                            type: "string" | "text" | "boolean" | "integer" | "enum" | "string_list" | "url";
                            description: string;
                            required: boolean;
                            /** @description Conditional declaration: required when `field` has one of these values */
                            required_when: {
                                field: string;
                                in: (string | number | boolean)[];
                            } | null;
                            /** @description enum: the values it takes. string_list: the only items it takes, from the platform's own fixed list (juejin tags); absent, items are free text. Other values are refused with 422 invalid_settings. */
                            options?: string[];
                            /** @description Applied when no layer sets the field */
                            default?: string | number | boolean | string[];
                            limits?: {
                                min_length?: number;
                                max_length?: number;
                                /** @description The widest value the platform's editor takes, as it measures: a Chinese (full-width) character counts 2, a Latin letter, digit or space 1 (WeChat's author: 16, that is 8 Chinese characters) */
                                max_width?: number;
                                min?: number;
                                max?: number;
                                min_items?: number;
                                max_items?: number;
                            };
                        }[];
                        platforms: {
                            id: string;
                            name: string;
                            /** @description Fields this platform adds; one with the key of a common field replaces it for this platform (juejin takes tags from its own list) */
                            settings: {
                                /** @description Name to use inside platformSettings, accountSettings and presets */
                                key: string;
                                /** @enum {string} */
                                type: "string" | "text" | "boolean" | "integer" | "enum" | "string_list" | "url";
                                description: string;
                                required: boolean;
                                /** @description Conditional declaration: required when `field` has one of these values */
                                required_when: {
                                    field: string;
                                    in: (string | number | boolean)[];
                                } | null;
                                /** @description enum: the values it takes. string_list: the only items it takes, from the platform's own fixed list (juejin tags); absent, items are free text. Other values are refused with 422 invalid_settings. */
                                options?: string[];
                                /** @description Applied when no layer sets the field */
                                default?: string | number | boolean | string[];
                                limits?: {
                                    min_length?: number;
                                    max_length?: number;
                                    /** @description The widest value the platform's editor takes, as it measures: a Chinese (full-width) character counts 2, a Latin letter, digit or space 1 (WeChat's author: 16, that is 8 Chinese characters) */
                                    max_width?: number;
                                    min?: number;
                                    max?: number;
                                    min_items?: number;
                                    max_items?: number;
                                };
                            }[];
                            deprecated_settings: {
                                key: string;
                                replacement: string;
                                message: string;
                            }[];
                            limits: {
                                title_min_length?: number;
                                title_max_length?: number;
                                content_max_length?: number;
                                min_images?: number;
                                max_images?: number;
                                /**
                                 * @description Articles: pictures in the body must be web (http, https) addresses; the platform's executors cannot upload a local file. An article whose body has a local path or a relative address is refused for this platform with 422 local_picture_unsupported.
                                 * @enum {string}
                                 */
                                inline_pictures?: "web_addresses_only";
                            };
                            cover: {
                                /** @description coverMode custom is accepted; a cover the platform does not adopt stops the job instead of falling back to an automatic cover */
                                custom: boolean;
                                note: string;
                            };
                        }[];
                        /** @description Present when accountIds was sent: the preset of each account for this content type ({} when none) */
                        presets?: {
                            account_id: number;
                            platform: string;
                            settings: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    preflightPublish: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description art_… from POST /articles or a finished generation task */
                    articleId: string;
                    /**
                     * @description Must be the executor GET /accounts resolves for every account (fixed routing)
                     * @enum {string}
                     */
                    executor: "web" | "desktop" | "edge";
                    /** @description Integer account ids from GET /accounts; one job per account */
                    accountIds: number[];
                    /**
                     * @description account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.
                     * @enum {string}
                     */
                    settingsMode?: "account" | "custom";
                    /** @description Settings keyed by platform code (see GET /publish/settings); apply to this task only */
                    platformSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Settings keyed by account id; override platformSettings for that account */
                    accountSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch */
                    preflightHash?: string;
                    /** @description settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated */
                    settingsContractVersion?: string;
                    /** @description Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. */
                    publishAt?: string;
                    /** @description Seconds of lateness accepted after publishAt (default 900, 60 to 86400): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid). */
                    publishWindow?: number;
                    /**
                     * @description When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.
                     * @enum {string}
                     */
                    onChallenge?: "fail" | "wait";
                    /** @description Seconds a job awaiting input waits for the answer before it fails input_timeout (default 600) */
                    inputTimeout?: number;
                    /** @enum {string} */
                    contentType: "article";
                } | {
                    /**
                     * @description Must be the executor GET /accounts resolves for every account (fixed routing)
                     * @enum {string}
                     */
                    executor: "web" | "desktop" | "edge";
                    /** @description Integer account ids from GET /accounts; one job per account */
                    accountIds: number[];
                    /** @description Text of the dynamic, at most 2000 characters */
                    content: string;
                    /** @description Absolute local image paths on the executing machine, with the same rules as video paths (edge: under PLUME_EDGE_VIDEO_DIR/<userId>/; desktop: paths of the operating system the desktop reports, Windows when it reports none) */
                    images?: string[];
                    /**
                     * @description account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.
                     * @enum {string}
                     */
                    settingsMode?: "account" | "custom";
                    /** @description Settings keyed by platform code (see GET /publish/settings); apply to this task only */
                    platformSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Settings keyed by account id; override platformSettings for that account */
                    accountSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch */
                    preflightHash?: string;
                    /** @description settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated */
                    settingsContractVersion?: string;
                    /** @description Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. */
                    publishAt?: string;
                    /** @description Seconds of lateness accepted after publishAt (default 900, 60 to 86400): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid). */
                    publishWindow?: number;
                    /**
                     * @description When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.
                     * @enum {string}
                     */
                    onChallenge?: "fail" | "wait";
                    /** @description Seconds a job awaiting input waits for the answer before it fails input_timeout (default 600) */
                    inputTimeout?: number;
                    /** @enum {string} */
                    contentType: "dynamic";
                } | {
                    /**
                     * @description edge or desktop; executor=web is not supported for video
                     * @enum {string}
                     */
                    executor: "edge" | "desktop";
                    /** @description Integer account ids from GET /accounts; one job per account */
                    accountIds: number[];
                    title: string;
                    /** @description Absolute path on the executing machine (edge: under PLUME_EDGE_VIDEO_DIR/<userId>/; desktop: a path of the operating system the desktop reports, Windows when it reports none). The file must already be there. */
                    localVideoPath: string;
                    /** @description Absolute local cover image path, same rules as localVideoPath */
                    coverImagePath?: string;
                    /** @description Optional guard: platform codes this request is meant for; every account must be on one of them */
                    platforms?: string[];
                    /**
                     * @deprecated
                     * @description Deprecated: any non-empty value is refused with 422 deprecated_field; use local paths
                     */
                    videoUrl?: string | null;
                    /**
                     * @deprecated
                     * @description Deprecated: any non-empty value is refused with 422 deprecated_field; use local paths
                     */
                    coverImageUrl?: string | null;
                    /**
                     * @description account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.
                     * @enum {string}
                     */
                    settingsMode?: "account" | "custom";
                    /** @description Settings keyed by platform code (see GET /publish/settings); apply to this task only */
                    platformSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Settings keyed by account id; override platformSettings for that account */
                    accountSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch */
                    preflightHash?: string;
                    /** @description settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated */
                    settingsContractVersion?: string;
                    /** @description Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. */
                    publishAt?: string;
                    /** @description Seconds of lateness accepted after publishAt (default 900, 60 to 86400): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid). */
                    publishWindow?: number;
                    /**
                     * @description When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.
                     * @enum {string}
                     */
                    onChallenge?: "fail" | "wait";
                    /** @description Seconds a job awaiting input waits for the answer before it fails input_timeout (default 600) */
                    inputTimeout?: number;
                    /** @enum {string} */
                    contentType: "video";
                };
            };
        };
        responses: {
            /** @description The preflight result (nothing was enqueued and no quota used) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Parameters and executor checks pass; not a promise that publishing will succeed */
                        valid: boolean;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        settings_contract_version: string;
                        /** @description Send as preflightHash with the formal publish (and drop contentType) */
                        preflight_hash: string;
                        targets: {
                            account_id: number;
                            platform: string;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            node_id: string | null;
                            publishable: boolean;
                            /** @description Empty when publishable; else why not, with the reasons GET /accounts gives (the problem account_not_publishable says the same in words) */
                            unpublishable_reasons: ("unknown_platform" | "content_type_not_supported" | "executor_not_supported" | "platform_unsupported_by_node" | "content_type_unsupported_by_node" | "node_adapters_unreported" | "not_paired" | "logged_out" | "login_unknown" | "no_node" | "node_not_authorized" | "node_revoked" | "site_check_failed" | "web_node_unavailable" | "license_exhausted" | "license_expired" | "license_revoked")[];
                            executor_online: boolean;
                            /** @enum {string} */
                            quota_bucket: "web" | "desktop" | "edge" | "cms";
                            quota_ok: boolean;
                            /** @enum {string} */
                            settings_mode: "account" | "custom";
                            /** @description Layers that contributed at least one field, in merge order */
                            settings_source: ("preset" | "platform" | "account")[];
                            field_sources: {
                                [key: string]: "preset" | "platform" | "account" | "default";
                            };
                            /** @description What the job will be frozen with */
                            effective_settings: {
                                [key: string]: unknown;
                            };
                            settings_hash: string;
                            /** @description Settings the target's executor does not apply on its platform (for example aiLabel where the platform has no AI label): the job is published without them. Listed when a layer set them or their value is not the contract default. They do not make valid false. */
                            ignored_settings: {
                                /** @description A key of effective_settings */
                                setting: string;
                                /**
                                 * @description no_control: the target's executor has no control for it on this platform
                                 * @enum {string}
                                 */
                                reason: "no_control";
                                message: string;
                            }[];
                            /** @description The account's pacing or health holds its next job until not_before (an estimate: jobs of the account already queued go first; null with restricted: until an operator clears it); null: it may start as soon as its executor has a slot */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description What the platform is known to ask in the middle of a publish (sms, slider, captcha, identity, dialog), as the account's node records it: with onChallenge wait the job then awaits input, with fail it fails challenge_required. Empty: none recorded. */
                            may_ask: ("sms" | "slider" | "captcha" | "identity" | "dialog")[];
                            problems: {
                                /** @description The error code the formal publish would answer with */
                                code: string;
                                message: string;
                                account_id: number | null;
                            }[];
                        }[];
                        quota: {
                            /** @enum {string} */
                            bucket: "web" | "desktop" | "edge" | "cms";
                            needed: number;
                            remaining: number;
                            ok: boolean;
                        }[];
                        /** @description Why valid is false: account publishability, executor online, quota */
                        problems: {
                            /** @description The error code the formal publish would answer with */
                            code: string;
                            message: string;
                            account_id: number | null;
                        }[];
                        /** @description Checked only at execution time (files, image format and size, account permission, control selection, cover adoption) */
                        awaiting_verification: {
                            code: string;
                            message: string;
                            account_ids: number[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Random UUID recommended. Kept 24 h per user: a repeat returns the first answer (with idempotent-replayed: true); other parameters → 409; while the first is running → 409 with Retry-After. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description art_… from POST /articles or a finished generation task */
                    articleId: string;
                    /**
                     * @description Must be the executor GET /accounts resolves for every account (fixed routing)
                     * @enum {string}
                     */
                    executor: "web" | "desktop" | "edge";
                    /** @description Integer account ids from GET /accounts; one job per account */
                    accountIds: number[];
                    /**
                     * @description account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.
                     * @enum {string}
                     */
                    settingsMode?: "account" | "custom";
                    /** @description Settings keyed by platform code (see GET /publish/settings); apply to this task only */
                    platformSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Settings keyed by account id; override platformSettings for that account */
                    accountSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch */
                    preflightHash?: string;
                    /** @description settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated */
                    settingsContractVersion?: string;
                    /** @description Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. */
                    publishAt?: string;
                    /** @description Seconds of lateness accepted after publishAt (default 900, 60 to 86400): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid). */
                    publishWindow?: number;
                    /**
                     * @description When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.
                     * @enum {string}
                     */
                    onChallenge?: "fail" | "wait";
                    /** @description Seconds a job awaiting input waits for the answer before it fails input_timeout (default 600) */
                    inputTimeout?: number;
                };
            };
        };
        responses: {
            /** @description The batch was created and its jobs queued (or scheduled, with publishAt); poll GET /publish/{batch_id} */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description bat_…; poll GET /publish/{batch_id} */
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        /**
                         * @description scheduled when the request had publishAt
                         * @enum {string}
                         */
                        state: "queued" | "scheduled";
                        settings_contract_version: string;
                        /** @description When a scheduled job is due (UTC); null: published at once */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            /** @enum {string} */
                            state: "queued" | "scheduled";
                            /** @description SHA-256 of the canonical JSON of the frozen settings */
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishDynamic: {
        parameters: {
            query?: never;
            header?: {
                /** @description Random UUID recommended. Kept 24 h per user: a repeat returns the first answer (with idempotent-replayed: true); other parameters → 409; while the first is running → 409 with Retry-After. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Must be the executor GET /accounts resolves for every account (fixed routing)
                     * @enum {string}
                     */
                    executor: "web" | "desktop" | "edge";
                    /** @description Integer account ids from GET /accounts; one job per account */
                    accountIds: number[];
                    /** @description Text of the dynamic, at most 2000 characters */
                    content: string;
                    /** @description Absolute local image paths on the executing machine, with the same rules as video paths (edge: under PLUME_EDGE_VIDEO_DIR/<userId>/; desktop: paths of the operating system the desktop reports, Windows when it reports none) */
                    images?: string[];
                    /**
                     * @description account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.
                     * @enum {string}
                     */
                    settingsMode?: "account" | "custom";
                    /** @description Settings keyed by platform code (see GET /publish/settings); apply to this task only */
                    platformSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Settings keyed by account id; override platformSettings for that account */
                    accountSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch */
                    preflightHash?: string;
                    /** @description settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated */
                    settingsContractVersion?: string;
                    /** @description Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. */
                    publishAt?: string;
                    /** @description Seconds of lateness accepted after publishAt (default 900, 60 to 86400): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid). */
                    publishWindow?: number;
                    /**
                     * @description When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.
                     * @enum {string}
                     */
                    onChallenge?: "fail" | "wait";
                    /** @description Seconds a job awaiting input waits for the answer before it fails input_timeout (default 600) */
                    inputTimeout?: number;
                };
            };
        };
        responses: {
            /** @description The batch was created and its jobs queued (or scheduled, with publishAt); poll GET /publish/{batch_id} */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    /** @description The batch to poll: /api/openapi/v1/publish/{batch_id} */
                    Location?: string;
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description bat_…; poll GET /publish/{batch_id} */
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        /**
                         * @description scheduled when the request had publishAt
                         * @enum {string}
                         */
                        state: "queued" | "scheduled";
                        settings_contract_version: string;
                        /** @description When a scheduled job is due (UTC); null: published at once */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            /** @enum {string} */
                            state: "queued" | "scheduled";
                            /** @description SHA-256 of the canonical JSON of the frozen settings */
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishVideo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Random UUID recommended. Kept 24 h per user: a repeat returns the first answer (with idempotent-replayed: true); other parameters → 409; while the first is running → 409 with Retry-After. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description edge or desktop; executor=web is not supported for video
                     * @enum {string}
                     */
                    executor: "edge" | "desktop";
                    /** @description Integer account ids from GET /accounts; one job per account */
                    accountIds: number[];
                    title: string;
                    /** @description Absolute path on the executing machine (edge: under PLUME_EDGE_VIDEO_DIR/<userId>/; desktop: a path of the operating system the desktop reports, Windows when it reports none). The file must already be there. */
                    localVideoPath: string;
                    /** @description Absolute local cover image path, same rules as localVideoPath */
                    coverImagePath?: string;
                    /** @description Optional guard: platform codes this request is meant for; every account must be on one of them */
                    platforms?: string[];
                    /**
                     * @deprecated
                     * @description Deprecated: any non-empty value is refused with 422 deprecated_field; use local paths
                     */
                    videoUrl?: string | null;
                    /**
                     * @deprecated
                     * @description Deprecated: any non-empty value is refused with 422 deprecated_field; use local paths
                     */
                    coverImageUrl?: string | null;
                    /**
                     * @description account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.
                     * @enum {string}
                     */
                    settingsMode?: "account" | "custom";
                    /** @description Settings keyed by platform code (see GET /publish/settings); apply to this task only */
                    platformSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Settings keyed by account id; override platformSettings for that account */
                    accountSettings?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch */
                    preflightHash?: string;
                    /** @description settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated */
                    settingsContractVersion?: string;
                    /** @description Publish at this time instead of at once: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are `scheduled` until then and offered to their executor when due. At most 30 days ahead; up to 300 s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far. */
                    publishAt?: string;
                    /** @description Seconds of lateness accepted after publishAt (default 900, 60 to 86400): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid). */
                    publishWindow?: number;
                    /**
                     * @description When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.
                     * @enum {string}
                     */
                    onChallenge?: "fail" | "wait";
                    /** @description Seconds a job awaiting input waits for the answer before it fails input_timeout (default 600) */
                    inputTimeout?: number;
                };
            };
        };
        responses: {
            /** @description The batch was created and its jobs queued (or scheduled, with publishAt); poll GET /publish/{batch_id} */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description bat_…; poll GET /publish/{batch_id} */
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        /**
                         * @description scheduled when the request had publishAt
                         * @enum {string}
                         */
                        state: "queued" | "scheduled";
                        settings_contract_version: string;
                        /** @description When a scheduled job is due (UTC); null: published at once */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            /** @enum {string} */
                            state: "queued" | "scheduled";
                            /** @description SHA-256 of the canonical JSON of the frozen settings */
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPublishBatchesByRequest: {
        parameters: {
            query: {
                /** @description X-Request-Id of the publish call */
                requestId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batches that call created (none: it created nothing) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            batch_id: string;
                            /** @enum {string} */
                            content_type: "article" | "dynamic" | "video";
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            article_id: string | null;
                            /**
                             * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                            /** @description X-Request-Id of the publish call */
                            request_id: string;
                            created_at: string;
                            /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                            publish_at: string | null;
                            jobs: {
                                job_id: string;
                                account_id: number;
                                platform: string;
                                /**
                                 * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                                 * @enum {string}
                                 */
                                state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                                feedback: {
                                    message: string | null;
                                    step: string | null;
                                } | null;
                                platform_status: string | null;
                                platform_post_id: string | null;
                                platform_url: string | null;
                                verified_at: string | null;
                                /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                settings_hash: string;
                                /** @description When a scheduled job is due (UTC); null: published at once */
                                publish_at: string | null;
                                /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                                publish_deadline: string | null;
                                /** @description Set while the job is awaiting_input */
                                challenge: {
                                    /**
                                     * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                     * @enum {string}
                                     */
                                    kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                    /** @description The publish step that was blocked (upload, fill, publish…) */
                                    step: string;
                                    /** @description What the page asks, in the platform's words where they could be read */
                                    message: string;
                                    asked_at: string;
                                    /** @description After this the job fails input_timeout and its unit is given back */
                                    deadline: string;
                                    /** @description GET it (same key) for a PNG of the page as it was asked */
                                    screenshot_url: string;
                                } | null;
                                /** @description Set while the job is queued and its account's pacing or health holds it */
                                pacing: {
                                    /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                    not_before: string | null;
                                    /**
                                     * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                     * @enum {string}
                                     */
                                    reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                                } | null;
                                /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                                retry: {
                                    /** @description The attempt that failed (1 for the first) */
                                    attempt: number;
                                    /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                    error: {
                                        /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                        code: string;
                                        message: string;
                                    };
                                    /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                    next_attempt_at: string;
                                } | null;
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublishBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with one entry per account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        article_id: string | null;
                        /**
                         * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                         * @enum {string}
                         */
                        state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                        /** @description X-Request-Id of the publish call */
                        request_id: string;
                        created_at: string;
                        /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /**
                             * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                            feedback: {
                                message: string | null;
                                step: string | null;
                            } | null;
                            platform_status: string | null;
                            platform_post_id: string | null;
                            platform_url: string | null;
                            verified_at: string | null;
                            /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                            /** @description Set while the job is awaiting_input */
                            challenge: {
                                /**
                                 * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                 * @enum {string}
                                 */
                                kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                /** @description The publish step that was blocked (upload, fill, publish…) */
                                step: string;
                                /** @description What the page asks, in the platform's words where they could be read */
                                message: string;
                                asked_at: string;
                                /** @description After this the job fails input_timeout and its unit is given back */
                                deadline: string;
                                /** @description GET it (same key) for a PNG of the page as it was asked */
                                screenshot_url: string;
                            } | null;
                            /** @description Set while the job is queued and its account's pacing or health holds it */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                            retry: {
                                /** @description The attempt that failed (1 for the first) */
                                attempt: number;
                                /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                error: {
                                    /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                    code: string;
                                    message: string;
                                };
                                /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                next_attempt_at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelScheduledBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with one entry per account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        article_id: string | null;
                        /**
                         * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                         * @enum {string}
                         */
                        state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                        /** @description X-Request-Id of the publish call */
                        request_id: string;
                        created_at: string;
                        /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /**
                             * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                            feedback: {
                                message: string | null;
                                step: string | null;
                            } | null;
                            platform_status: string | null;
                            platform_post_id: string | null;
                            platform_url: string | null;
                            verified_at: string | null;
                            /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                            /** @description Set while the job is awaiting_input */
                            challenge: {
                                /**
                                 * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                 * @enum {string}
                                 */
                                kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                /** @description The publish step that was blocked (upload, fill, publish…) */
                                step: string;
                                /** @description What the page asks, in the platform's words where they could be read */
                                message: string;
                                asked_at: string;
                                /** @description After this the job fails input_timeout and its unit is given back */
                                deadline: string;
                                /** @description GET it (same key) for a PNG of the page as it was asked */
                                screenshot_url: string;
                            } | null;
                            /** @description Set while the job is queued and its account's pacing or health holds it */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                            retry: {
                                /** @description The attempt that failed (1 for the first) */
                                attempt: number;
                                /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                error: {
                                    /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                    code: string;
                                    message: string;
                                };
                                /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                next_attempt_at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelScheduledJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
                /** @description job_… from the batch */
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with one entry per account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        article_id: string | null;
                        /**
                         * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                         * @enum {string}
                         */
                        state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                        /** @description X-Request-Id of the publish call */
                        request_id: string;
                        created_at: string;
                        /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /**
                             * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                            feedback: {
                                message: string | null;
                                step: string | null;
                            } | null;
                            platform_status: string | null;
                            platform_post_id: string | null;
                            platform_url: string | null;
                            verified_at: string | null;
                            /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                            /** @description Set while the job is awaiting_input */
                            challenge: {
                                /**
                                 * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                 * @enum {string}
                                 */
                                kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                /** @description The publish step that was blocked (upload, fill, publish…) */
                                step: string;
                                /** @description What the page asks, in the platform's words where they could be read */
                                message: string;
                                asked_at: string;
                                /** @description After this the job fails input_timeout and its unit is given back */
                                deadline: string;
                                /** @description GET it (same key) for a PNG of the page as it was asked */
                                screenshot_url: string;
                            } | null;
                            /** @description Set while the job is queued and its account's pacing or health holds it */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                            retry: {
                                /** @description The attempt that failed (1 for the first) */
                                attempt: number;
                                /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                error: {
                                    /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                    code: string;
                                    message: string;
                                };
                                /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                next_attempt_at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rescheduleBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new publish time: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z */
                    publishAt: string;
                    /** @description Seconds of lateness accepted after the new publishAt; absent: each job keeps its own window */
                    publishWindow?: number;
                };
            };
        };
        responses: {
            /** @description The batch with one entry per account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        article_id: string | null;
                        /**
                         * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                         * @enum {string}
                         */
                        state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                        /** @description X-Request-Id of the publish call */
                        request_id: string;
                        created_at: string;
                        /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /**
                             * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                            feedback: {
                                message: string | null;
                                step: string | null;
                            } | null;
                            platform_status: string | null;
                            platform_post_id: string | null;
                            platform_url: string | null;
                            verified_at: string | null;
                            /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                            /** @description Set while the job is awaiting_input */
                            challenge: {
                                /**
                                 * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                 * @enum {string}
                                 */
                                kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                /** @description The publish step that was blocked (upload, fill, publish…) */
                                step: string;
                                /** @description What the page asks, in the platform's words where they could be read */
                                message: string;
                                asked_at: string;
                                /** @description After this the job fails input_timeout and its unit is given back */
                                deadline: string;
                                /** @description GET it (same key) for a PNG of the page as it was asked */
                                screenshot_url: string;
                            } | null;
                            /** @description Set while the job is queued and its account's pacing or health holds it */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                            retry: {
                                /** @description The attempt that failed (1 for the first) */
                                attempt: number;
                                /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                error: {
                                    /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                    code: string;
                                    message: string;
                                };
                                /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                next_attempt_at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rescheduleJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
                /** @description job_… from the batch */
                job_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new publish time: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z */
                    publishAt: string;
                    /** @description Seconds of lateness accepted after the new publishAt; absent: each job keeps its own window */
                    publishWindow?: number;
                };
            };
        };
        responses: {
            /** @description The batch with one entry per account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        article_id: string | null;
                        /**
                         * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                         * @enum {string}
                         */
                        state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                        /** @description X-Request-Id of the publish call */
                        request_id: string;
                        created_at: string;
                        /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /**
                             * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                            feedback: {
                                message: string | null;
                                step: string | null;
                            } | null;
                            platform_status: string | null;
                            platform_post_id: string | null;
                            platform_url: string | null;
                            verified_at: string | null;
                            /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                            /** @description Set while the job is awaiting_input */
                            challenge: {
                                /**
                                 * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                 * @enum {string}
                                 */
                                kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                /** @description The publish step that was blocked (upload, fill, publish…) */
                                step: string;
                                /** @description What the page asks, in the platform's words where they could be read */
                                message: string;
                                asked_at: string;
                                /** @description After this the job fails input_timeout and its unit is given back */
                                deadline: string;
                                /** @description GET it (same key) for a PNG of the page as it was asked */
                                screenshot_url: string;
                            } | null;
                            /** @description Set while the job is queued and its account's pacing or health holds it */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                            retry: {
                                /** @description The attempt that failed (1 for the first) */
                                attempt: number;
                                /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                error: {
                                    /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                    code: string;
                                    message: string;
                                };
                                /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                next_attempt_at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    answerJobChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
                /** @description job_… from the batch */
                job_id: string;
            };
            cookie?: never;
        };
        /** @description sms: the code of an `sms` challenge, typed into its code field and confirmed; text: typed into the focused field */
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "sms";
                    /** @description The code the platform sent to the account's phone */
                    code: string;
                } | {
                    /** @enum {string} */
                    type: "text";
                    /** @description Typed into the field the challenge focuses (a captcha's text, an answer the dialog asks for) */
                    text: string;
                };
            };
        };
        responses: {
            /** @description The batch with one entry per account */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch_id: string;
                        /** @enum {string} */
                        content_type: "article" | "dynamic" | "video";
                        /** @enum {string} */
                        executor: "web" | "desktop" | "edge";
                        article_id: string | null;
                        /**
                         * @description Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.
                         * @enum {string}
                         */
                        state: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                        /** @description X-Request-Id of the publish call */
                        request_id: string;
                        created_at: string;
                        /** @description The earliest publish_at of the jobs still scheduled; null when none is */
                        publish_at: string | null;
                        jobs: {
                            job_id: string;
                            account_id: number;
                            platform: string;
                            /**
                             * @description scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
                            feedback: {
                                message: string | null;
                                step: string | null;
                            } | null;
                            platform_status: string | null;
                            platform_post_id: string | null;
                            platform_url: string | null;
                            verified_at: string | null;
                            /** @description Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            settings_hash: string;
                            /** @description When a scheduled job is due (UTC); null: published at once */
                            publish_at: string | null;
                            /** @description publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled */
                            publish_deadline: string | null;
                            /** @description Set while the job is awaiting_input */
                            challenge: {
                                /**
                                 * @description sms: a code sent to the account's phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control
                                 * @enum {string}
                                 */
                                kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                                /** @description The publish step that was blocked (upload, fill, publish…) */
                                step: string;
                                /** @description What the page asks, in the platform's words where they could be read */
                                message: string;
                                asked_at: string;
                                /** @description After this the job fails input_timeout and its unit is given back */
                                deadline: string;
                                /** @description GET it (same key) for a PNG of the page as it was asked */
                                screenshot_url: string;
                            } | null;
                            /** @description Set while the job is queued and its account's pacing or health holds it */
                            pacing: {
                                /** @description The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account */
                                not_before: string | null;
                                /**
                                 * @description min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)
                                 * @enum {string}
                                 */
                                reason: "min_gap" | "daily_cap" | "quiet_hours" | "cooling" | "restricted";
                            } | null;
                            /** @description Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed. */
                            retry: {
                                /** @description The attempt that failed (1 for the first) */
                                attempt: number;
                                /** @description Why that attempt failed; the job fails with this code if its last attempt fails the same way */
                                error: {
                                    /** @description Stable, as a failed job's error.code (cms_unreachable, cover_timeout, …) */
                                    code: string;
                                    message: string;
                                };
                                /** @description The earliest the next attempt starts (UTC); it may start later when the executor is busy */
                                next_attempt_at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobChallengeScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bat_… from a publish answer */
                batch_id: string;
                /** @description job_… from the batch */
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page as it was asked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: string;
                        /** @enum {string} */
                        kind: "sms" | "slider" | "captcha" | "identity" | "dialog";
                        /** @enum {string} */
                        content_type: "image/png";
                        /** @description The PNG, base64 */
                        data: string;
                    };
                };
            };
            /** @description The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key. Codes: `invalid_json`, `invalid_request`, `invalid_idempotency_key`, `publish_at_invalid`, `publish_window_invalid`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or a malformed, unknown or revoked one. Codes: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan. Codes: `permission_denied`, `user_disabled`, `quota_exceeded`, `cms_not_permitted`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id (or an id of another kind: task, article, account and batch ids are distinct). Codes: `not_found`, `endpoint_unavailable`, `article_not_found`, `task_not_found`, `identifier_kind_mismatch`, `batch_not_found`, `job_not_found`, `account_not_found`, `node_not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready. Codes: `idempotency_key_reused`, `idempotency_key_in_flight`, `preflight_mismatch`, `settings_contract_outdated`, `account_not_publishable`, `executor_offline`, `job_not_scheduled`, `job_not_awaiting_input`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than this endpoint accepts. Codes: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes). Codes: `unknown_platform`, `content_type_not_supported`, `executor_not_supported`, `executor_mismatch`, `capability_missing`, `platform_unsupported_by_node`, `content_type_unsupported_by_node`, `node_adapters_unreported`, `settings_executor_upgrade_required`, `invalid_settings`, `aigc_inconsistent`, `deprecated_field`, `video_path_invalid`, `image_path_invalid`, `cover_path_invalid`, `cover_url_invalid`, `cover_path_unsupported`, `content_limit_exceeded`, `local_picture_unsupported`, `account_platform_mismatch`, `publish_at_in_past`, `publish_at_too_far`, `schedule_conflict`. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After. Codes: `rate_limited`, `daily_limit_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-DailyLimit": components["headers"]["X-DailyLimit"];
                    "X-DailyRemaining": components["headers"]["X-DailyRemaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice). Codes: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}

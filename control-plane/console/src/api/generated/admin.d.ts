/**
 * Types of the Plume admin API, generated from GET /api/admin/openapi.json
 * by scripts/generate-console-client.mjs (openapi-typescript). Do not edit:
 * run `npm run console:client` after changing a route schema.
 */
export interface paths {
    "/api/admin/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List projects */
        get: operations["listProjects"];
        put?: never;
        /** Create a project (with its own offline signing key) */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/projects/{projectKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project with its live offline keys */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update name, description, enabled state or policy (policy fields merge; null resets one to the default) */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/api/admin/projects/{projectKey}/keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the offline signing key; the old public key stays listed until its snapshots expire */
        post: operations["rotateProjectKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/codes/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate up to 100000 TIME or COUNT codes for a project in one call */
        post: operations["generateCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List codes with bound device, remaining count and validity */
        get: operations["listCodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/codes/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the codes of the same filter as CSV (RFC 4180, oldest first), streamed */
        get: operations["exportCodesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/codes/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a code: enroll, status and consume with it are refused from now on */
        post: operations["disableCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List devices */
        get: operations["listDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/devices/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One device */
        get: operations["getDevice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/devices/{deviceId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a device and all its active sessions, and the desktop execution node it is (its connection is closed); records a device-revocation security event */
        post: operations["revokeDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sessions, active and revoked, with token expiry and device */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/projects/{projectKey}/version-bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's banned client versions */
        get: operations["listVersionBans"];
        put?: never;
        /** Ban a client version: enroll, status and consume with it are refused */
        post: operations["banVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/projects/{projectKey}/version-bans/{appVersion}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Lift a version ban */
        delete: operations["unbanVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Query consumption logs by project, keyword and time range (newest first) */
        get: operations["listLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logs/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the same filter as CSV (RFC 4180, oldest first), streamed */
        get: operations["exportLogsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stats/trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consumptions over the last 1 to 90 days by day, ISO week or month (UTC), empty buckets included */
        get: operations["getStatsTrend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statistics, global or for one project: codes by state, devices, sessions, consumptions, security events by kind */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/security-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List security events by project, kind and time range (newest first) */
        get: operations["listSecurityEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List integrator users with plans and quota balances */
        get: operations["listUsers"];
        put?: never;
        /** Create an integrator user with a plan and quota grants */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user: plan, quota balances, webhook URL */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change name, plan (whole), quota grants (per bucket given) or disabled state
         * @description A plan or disabled-state change reaches every replica within milliseconds.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/admin/users/{userId}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's API keys, revoked ones included (never the keys themselves) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key for a user (shown once) */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an API key; every replica refuses it within milliseconds */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the user's webhook URL and signing secret (generated when not given, shown in this answer) */
        put: operations["setWebhook"];
        post?: never;
        /** Remove the user's webhook: no more events are sent */
        delete: operations["clearWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/cms-sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a CMS site (WordPress or MetaWeblog) for a user
         * @description The site URL and credentials are sealed before they reach the database and are never returned by any API.
         */
        post: operations["createCmsSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's platform accounts and CMS sites (category cms), removed ones included */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an account or CMS site: it is no longer listed to the integrator nor published to */
        delete: operations["removeAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{accountId}/presets/{contentType}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's settings preset for one content type, with the fields the settings contract allows there
         * @description 400 INVALID_REQUEST when the platform takes no settings for that content type (a CMS site, or a type the platform does not publish).
         */
        get: operations["getAccountPreset"];
        /** Set an account's settings preset for one content type (checked against the settings contract) */
        put: operations["putAccountPreset"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook deliveries, newest first */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhook-deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a webhook delivery now (failed: with a fresh attempt budget; delivered: 409)
         * @description A failed delivery becomes pending again with a fresh budget of attempts; a pending one has its next attempt brought forward to now; a delivered one answers 409 `WEBHOOK_ALREADY_DELIVERED`.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List publish jobs by state, user, node, batch and platform (most recently changed first unless order=asc)
         * @description The work queue of jobs waiting for a person is `?state=needs_attention&order=asc` (longest waiting first).
         */
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One publish job, with its payload and frozen settings */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a job that needs a person: published (with the post a person found), failed, or queued again
         * @description Only a job in `needs_attention`. In one transaction the job changes, its batch state follows (a batch whose jobs are all settled becomes succeeded, partial or failed), the integrator's webhooks are queued, a failed job gives its quota unit back, and the audit log records who resolved it and how.
         */
        post: operations["resolveJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scheduled jobs whose publish time falls in a range, oldest due first, for every user or one
         * @description Jobs in state scheduled (accepted with publishAt, not due yet) with their user, account, platform, batch and title. A job that became due is queued and leaves the schedule. 400 INVALID_REQUEST for a range that is empty, reversed or longer than 42 days.
         */
        get: operations["listSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Is everything all right: the last 24 hours of jobs by hour, outcome, platform and error code; nodes and slots; accounts needing a login or cooling; webhook backlog; quota use */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/pacing/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each platform's default pacing
         * @description Platforms without a default are absent: nothing limits their accounts but their own overrides.
         */
        get: operations["listPlatformPacing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/pacing/platforms/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a platform's default pacing (every account there, unless it overrides a field)
         * @description Replaces the default. The dispatcher starts at most one job of an account at a time and only when the rule lets it: minGapSeconds (+ up to jitterSeconds) after its last start, fewer than dailyCap starts that day, outside quietHours, all in timeZone. A job that may not start waits queued and says until when and why. Applies from the next start.
         */
        put: operations["setPlatformPacing"];
        post?: never;
        /** Remove a platform's default pacing */
        delete: operations["removePlatformPacing"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{accountId}/pacing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's pacing: its override, its platform's default, and where it stands */
        get: operations["getAccountPacing"];
        /** Set an account's pacing override (its fields win over the platform's default) */
        put: operations["setAccountPacing"];
        post?: never;
        /** Remove an account's pacing override (its platform's default applies) */
        delete: operations["removeAccountPacing"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{accountId}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's health: its state, since when, why, and its newest signals */
        get: operations["getAccountHealth"];
        put?: never;
        /**
         * Restrict an account (no job of it starts) or clear it to ok, with a note
         * @description restricted holds every job of the account (they wait queued, pacing.reason restricted) until an admin clears it. ok clears any state: what was counted is forgiven (only signals from now on count). The change is announced by the account.health_changed webhook, once; asking for the state the account is already in changes nothing (changed: false). Audited with its actor.
         */
        post: operations["setAccountHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/health-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account health rules: the global default and per-platform overrides
         * @description An account is watch with watchAt signals in the last windowSeconds, cooling (no job starts) with coolingAt of them for coolDownSeconds (then watch again, counting from the end of the cool-down), and back to ok after a whole window in watch without watchAt signals. A signal of a restrictOn kind restricts it until an admin clears it. Each field: the platform's override, else the default row's, else the built-in value.
         */
        get: operations["getHealthRules"];
        /**
         * Replace the account health rules (the default and every per-platform override)
         * @description Applies from the next evaluation (the next signal, or the sweep within seconds). coolingAt must be at least watchAt where both are known.
         */
        put: operations["setHealthRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{accountId}/egress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where an account publishes from: its egress network, since when, and its changes
         * @description Recorded when a job of the account starts: the network of the address its node connected from. A start from another network than the last one is a change (also an egress_changed health signal): platforms treat a login from a new network as a risk.
         */
        get: operations["getAccountEgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/enrollment-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List enrollment tokens, newest first (never the tokens themselves) */
        get: operations["listEnrollmentTokens"];
        put?: never;
        /**
         * Create a single-use enrollment token for a node (shown once, valid 15 minutes)
         * @description The node runs `plume-edge enroll --token …` with it. Only its SHA-256 is kept: the token is in this answer and nowhere else. Give `userIds`, or for a node of kind `web` `allUsers: true`: it then serves every user, present and future (the operator's web pool for `executor=web`); other kinds answer 409 `NODE_KIND_NOT_WEB`. The users can be changed after enrollment (POST /nodes/{nodeId}/users/add and /remove).
         */
        post: operations["createEnrollmentToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/enrollment-tokens/{tokenId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an enrollment token not used yet
         * @description A node enrolling with it afterwards is refused (`token_revoked`). A used token answers 409 `ENROLLMENT_TOKEN_USED`: revoke the node it made instead.
         */
        post: operations["revokeEnrollmentToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List execution nodes with live state: online, jobs in flight and queued, capabilities
         * @description Oldest first. Without `page` and `pageSize` the answer holds every node; with them, that page (`total` counts every match either way).
         */
        get: operations["listNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One node: live state, capabilities (adapters, site checks), its accounts and video inventory */
        get: operations["getNode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a node: its handshakes are refused and its socket closed on whichever replica holds it
         * @description Its jobs not committed fail (`node_revoked`, their quota unit given back); committed ones wait for a person (needs_attention). Revoking twice answers 409 `NODE_REVOKED`.
         */
        post: operations["revokeNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/drain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drain a node: it finishes the jobs it has and is offered no new ones
         * @description Watch `jobsInFlight` reach 0 before stopping it. A revoked node answers 409 `NODE_REVOKED`.
         */
        post: operations["drainNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a drained node: it is offered jobs again */
        post: operations["resumeNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The users a node serves (and whether it serves all users) */
        get: operations["listNodeUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/users/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize an enrolled node for more users, or (web nodes) for all users
         * @description Users already served are left as they are (`added` lists only the new ones). `allUsers: true` makes a web node serve every user, present and future: the operator's web pool for `executor=web`; other kinds answer 409 `NODE_KIND_NOT_WEB`. The node's accounts of a newly served user become publishable at once. The audit log records what was added.
         */
        post: operations["addNodeUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/users/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a node serving some users, or (web nodes) all users but those it names
         * @description Users not served are ignored (`removed` lists only those that were). The node's accounts of a user it no longer serves stop being publishable (`node_not_authorized`); on a web node they move to another web node serving that user, with their sealed browser state. `allUsers: true` clears the all-users flag. The audit log records what was removed.
         */
        post: operations["removeNodeUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job's failure evidence: the failed step, a screenshot and the page HTML, per attempt */
        get: operations["listJobEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nodes/{nodeId}/logins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a login of a user's platform account on a node (its login page relayed here)
         * @description The node opens the platform's login page in the account's browser profile, as `plume-edge accounts login` does, and streams it: GET /api/admin/logins/{loginId}/events. Refused when the node is offline (NODE_OFFLINE), does not serve the user (NODE_USER_NOT_SERVED) or opens no login page for the platform (LOGIN_PLATFORM_UNSUPPORTED). A login ends `timeout` after 5 minutes without input or 10 minutes in all.
         */
        post: operations["startNodeLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logins/{loginId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A relayed login's state, last step and outcome */
        get: operations["getNodeLogin"];
        put?: never;
        post?: never;
        /** Cancel a relayed login: the node closes its browser, nothing is recorded */
        delete: operations["cancelNodeLogin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logins/{loginId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A relayed login's page and steps, as Server-Sent Events
         * @description text/event-stream. `state` (data: the login as GET /api/admin/logins/{loginId} answers it, first and after every step), `qr` (data: {text, purpose, shown}: what the QR on the page encodes), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG, a few a second at most; width × height are the page pixels a click is in). The stream ends after the state that ends the login.
         */
        get: operations["streamNodeLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logins/{loginId}/input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a relayed login: a click, a key, typed text or the SMS code, to that login's page only
         * @description click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft, Control+a); text: typed into the focused field; sms: the code needs_sms asks for.
         */
        post: operations["sendNodeLoginInput"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/awaiting-input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user's jobs awaiting input now: what each platform asked and until when, the nearest deadline first
         * @description At most 200. Answer each on its live page: GET /api/admin/jobs/{jobId}/challenge/events and POST /api/admin/jobs/{jobId}/input.
         */
        get: operations["listJobsAwaitingInput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a job awaits input, and what the platform asked */
        get: operations["getJobChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/challenge/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job awaiting input: its state and its live page, as Server-Sent Events
         * @description text/event-stream. `state` (data: the job as GET /api/admin/jobs/{jobId}/challenge answers its `job`, first and after every change), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG, a few a second at most; width × height are the page pixels a click is in). The stream ends once the job awaits input no more (it resumed or ended); for a job not awaiting input it is one `state` event.
         */
        get: operations["streamJobChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a job awaiting input: a click, a key, typed text or the SMS code, to that job's page only
         * @description click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft); text: typed into the focused field; sms: the code of an `sms` challenge. Once the platform takes the answer the job resumes. An answer given while the node holding the page is reconnecting is kept and typed in once it is back; answers arrive in the order they were given. 409 JOB_NOT_AWAITING_INPUT when it waits on no one (it resumed, ended, or its deadline passed).
         */
        post: operations["sendJobInput"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{jobId}/challenge/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job awaiting input: the page as it was when the platform asked
         * @description The PNG the node took when it met the challenge, base64 in JSON. 409 JOB_NOT_AWAITING_INPUT when the job waits on no one; 404 JOB_NOT_FOUND also when the node sent no picture.
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
    "/api/admin/console-invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person to the console (the first admin): a single-use link, valid 7 days, shown once
         * @description Needs an admin token with write scope; a console session is refused (403 ADMIN_FORBIDDEN). An email that already has a console account answers 409 USER_EXISTS.
         */
        post: operations["createConsoleInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List admin tokens (never their secrets)
         * @description An admin token of either scope or an admin's console session; a viewer's session is refused (403 ADMIN_FORBIDDEN), as the console's admin-tokens page is for admins only.
         */
        get: operations["listAdminTokens"];
        put?: never;
        /** Create an admin token; the secret is in this answer only */
        post: operations["createAdminToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tokens/{tokenId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an admin token; it is refused from the next request on */
        post: operations["revokeAdminToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every admin write, with the token that made it (newest first)
         * @description Also every unsafe request of a console session refused for its X-CSRF-Token, on the admin API or the console API: the session's person as the actor, 403, and `detail.refused: "csrf_failed"` with the page's origin.
         */
        get: operations["listAuditLog"];
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
        /** @description The failure body of every admin API error: branch on `code`. */
        AdminFailure: {
            /** @constant */
            success: false;
            /** @description Human-readable explanation; do not parse */
            message: string;
            /** @description Stable code to branch on; one of: INVALID_JSON, INVALID_REQUEST, INVALID_RANGE, UNSUPPORTED_MEDIA_TYPE, PAYLOAD_TOO_LARGE, ADMIN_UNAUTHORIZED, ADMIN_FORBIDDEN, CSRF_FAILED, ADMIN_DISABLED, NOT_FOUND, USER_NOT_FOUND, NODE_NOT_FOUND, ENROLLMENT_TOKEN_NOT_FOUND, WEBHOOK_DELIVERY_NOT_FOUND, PROJECT_NOT_FOUND, DEVICE_NOT_FOUND, CODE_NOT_FOUND, TOKEN_NOT_FOUND, VERSION_BAN_NOT_FOUND, JOB_NOT_FOUND, ACCOUNT_NOT_FOUND, PACING_RULE_NOT_FOUND, PROJECT_EXISTS, VERSION_BAN_EXISTS, USER_EXISTS, ACCOUNT_REMOVED, NODE_REVOKED, NODE_KIND_NOT_WEB, ENROLLMENT_TOKEN_USED, WEBHOOK_ALREADY_DELIVERED, DEPRECATED_FIELD, INVALID_SETTINGS, JOB_NOT_RESOLVABLE, JOB_NODE_REVOKED, NODE_OFFLINE, NODE_USER_NOT_SERVED, LOGIN_PLATFORM_UNSUPPORTED, LOGIN_NOT_FOUND, LOGIN_ENDED, JOB_NOT_AWAITING_INPUT, INTERNAL, SERVICE_UNAVAILABLE */
            code: string;
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
    listProjects: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Matches the project key or name */
                keyword?: string;
                /** @description Only enabled (true) or disabled (false) projects */
                enabled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List projects */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            projectKey: string;
                            name: string;
                            description: string;
                            enabled: boolean;
                            /** @description The project's own overrides */
                            policy: {
                                [key: string]: number;
                            };
                            effectivePolicy: {
                                tokenTtlSeconds: number;
                                offlineTtlSeconds: number;
                                clockSkewSeconds: number;
                                challengeTtlSeconds: number;
                                sessionRequestsPerMinute: number;
                                enrollPerMinutePerIp: number;
                            };
                            offlinePublicKey: string | null;
                            offlineKeyId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projectKey: string;
                    name: string;
                    description?: string;
                    enabled?: boolean;
                    policy?: {
                        tokenTtlSeconds?: number;
                        offlineTtlSeconds?: number;
                        clockSkewSeconds?: number;
                        challengeTtlSeconds?: number;
                        sessionRequestsPerMinute?: number;
                        enrollPerMinutePerIp?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Create a project (with its own offline signing key) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        project: {
                            projectKey: string;
                            name: string;
                            description: string;
                            enabled: boolean;
                            /** @description The project's own overrides */
                            policy: {
                                [key: string]: number;
                            };
                            effectivePolicy: {
                                tokenTtlSeconds: number;
                                offlineTtlSeconds: number;
                                clockSkewSeconds: number;
                                challengeTtlSeconds: number;
                                sessionRequestsPerMinute: number;
                                enrollPerMinutePerIp: number;
                            };
                            offlinePublicKey: string | null;
                            offlineKeyId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                            keys: {
                                kid: string;
                                /** @description base64url Ed25519 public key */
                                publicKey: string;
                                /** @enum {string} */
                                status: "active" | "retired";
                                /** @description ISO 8601 UTC */
                                createdAt: string;
                                retiredAt: string | null;
                                /** @description A retired key stays listed (and verifies snapshots) until then */
                                verifyUntil: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project key */
                projectKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A project with its live offline keys */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        project: {
                            projectKey: string;
                            name: string;
                            description: string;
                            enabled: boolean;
                            /** @description The project's own overrides */
                            policy: {
                                [key: string]: number;
                            };
                            effectivePolicy: {
                                tokenTtlSeconds: number;
                                offlineTtlSeconds: number;
                                clockSkewSeconds: number;
                                challengeTtlSeconds: number;
                                sessionRequestsPerMinute: number;
                                enrollPerMinutePerIp: number;
                            };
                            offlinePublicKey: string | null;
                            offlineKeyId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                            keys: {
                                kid: string;
                                /** @description base64url Ed25519 public key */
                                publicKey: string;
                                /** @enum {string} */
                                status: "active" | "retired";
                                /** @description ISO 8601 UTC */
                                createdAt: string;
                                retiredAt: string | null;
                                /** @description A retired key stays listed (and verifies snapshots) until then */
                                verifyUntil: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project key */
                projectKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    enabled?: boolean;
                    policy?: {
                        tokenTtlSeconds?: number | null;
                        offlineTtlSeconds?: number | null;
                        clockSkewSeconds?: number | null;
                        challengeTtlSeconds?: number | null;
                        sessionRequestsPerMinute?: number | null;
                        enrollPerMinutePerIp?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Update name, description, enabled state or policy (policy fields merge; null resets one to the default) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        project: {
                            projectKey: string;
                            name: string;
                            description: string;
                            enabled: boolean;
                            /** @description The project's own overrides */
                            policy: {
                                [key: string]: number;
                            };
                            effectivePolicy: {
                                tokenTtlSeconds: number;
                                offlineTtlSeconds: number;
                                clockSkewSeconds: number;
                                challengeTtlSeconds: number;
                                sessionRequestsPerMinute: number;
                                enrollPerMinutePerIp: number;
                            };
                            offlinePublicKey: string | null;
                            offlineKeyId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                            keys: {
                                kid: string;
                                /** @description base64url Ed25519 public key */
                                publicKey: string;
                                /** @enum {string} */
                                status: "active" | "retired";
                                /** @description ISO 8601 UTC */
                                createdAt: string;
                                retiredAt: string | null;
                                /** @description A retired key stays listed (and verifies snapshots) until then */
                                verifyUntil: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    rotateProjectKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project key */
                projectKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rotate the offline signing key; the old public key stays listed until its snapshots expire */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        project: {
                            projectKey: string;
                            name: string;
                            description: string;
                            enabled: boolean;
                            /** @description The project's own overrides */
                            policy: {
                                [key: string]: number;
                            };
                            effectivePolicy: {
                                tokenTtlSeconds: number;
                                offlineTtlSeconds: number;
                                clockSkewSeconds: number;
                                challengeTtlSeconds: number;
                                sessionRequestsPerMinute: number;
                                enrollPerMinutePerIp: number;
                            };
                            offlinePublicKey: string | null;
                            offlineKeyId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                            keys: {
                                kid: string;
                                /** @description base64url Ed25519 public key */
                                publicKey: string;
                                /** @enum {string} */
                                status: "active" | "retired";
                                /** @description ISO 8601 UTC */
                                createdAt: string;
                                retiredAt: string | null;
                                /** @description A retired key stays listed (and verifies snapshots) until then */
                                verifyUntil: string | null;
                            }[];
                        };
                        activeKeyId: string;
                        retiredKeyId: string | null;
                        retiredVerifyUntil: string | null;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    generateCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default default */
                    projectKey?: string;
                    /** @enum {string} */
                    licenseMode: "TIME" | "COUNT";
                    quantity: number;
                    /**
                     * Format: date-time
                     * @description TIME codes: when the license ends
                     */
                    expiresAt?: string;
                    /** @description COUNT codes: uses granted */
                    remainingCount?: number;
                    /** @description An integrator user: the device that enrolls with the code becomes a desktop execution node serving that user (its device key is the node key). Absent: a pure license. Unknown user: 404 USER_NOT_FOUND */
                    userId?: number;
                };
            };
        };
        responses: {
            /** @description Generate up to 100000 TIME or COUNT codes for a project in one call */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        codes: {
                            code: string;
                            projectKey: string;
                            /** @enum {string} */
                            licenseMode: "TIME" | "COUNT";
                            remainingCount: number | null;
                            expiresAt: string | null;
                            /** @description The integrator user the enrolled device serves as a desktop executor; null: a pure license */
                            userId: number | null;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listCodes: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only this project */
                projectKey?: string;
                /** @description Only TIME or only COUNT codes */
                licenseMode?: "TIME" | "COUNT";
                /** @description Only codes in this state */
                state?: "unused" | "active" | "expired" | "exhausted" | "disabled";
                /** @description Matches the code text or the bound machineId */
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List codes with bound device, remaining count and validity */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            code: string;
                            projectKey: string;
                            /** @enum {string} */
                            licenseMode: "TIME" | "COUNT";
                            /** @enum {string} */
                            state: "unused" | "active" | "expired" | "exhausted" | "disabled";
                            /** @description unused or active: the code can still enroll or be used */
                            valid: boolean;
                            remainingCount: number | null;
                            expiresAt: string | null;
                            isActivated: boolean;
                            activatedAt: string | null;
                            disabledAt: string | null;
                            /** @description The bound device */
                            device: {
                                deviceId: number;
                                machineId: string;
                                appVersion: string;
                                revoked: boolean;
                            } | null;
                            /** @description The integrator user the enrolled device serves as a desktop executor; null: a pure license */
                            userId: number | null;
                            /** @description The desktop execution node the bound device is (codes with a userId, once enrolled) */
                            nodeId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    exportCodesCsv: {
        parameters: {
            query?: {
                /** @description Only this project */
                projectKey?: string;
                /** @description Only TIME or only COUNT codes */
                licenseMode?: "TIME" | "COUNT";
                /** @description Only codes in this state */
                state?: "unused" | "active" | "expired" | "exhausted" | "disabled";
                /** @description Matches the code text or the bound machineId */
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV with a header line */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    disableCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default default */
                    projectKey?: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Disable a code: enroll, status and consume with it are refused from now on */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        code: {
                            code: string;
                            projectKey: string;
                            /** @enum {string} */
                            licenseMode: "TIME" | "COUNT";
                            /** @enum {string} */
                            state: "unused" | "active" | "expired" | "exhausted" | "disabled";
                            /** @description unused or active: the code can still enroll or be used */
                            valid: boolean;
                            remainingCount: number | null;
                            expiresAt: string | null;
                            isActivated: boolean;
                            activatedAt: string | null;
                            disabledAt: string | null;
                            /** @description The bound device */
                            device: {
                                deviceId: number;
                                machineId: string;
                                appVersion: string;
                                revoked: boolean;
                            } | null;
                            /** @description The integrator user the enrolled device serves as a desktop executor; null: a pure license */
                            userId: number | null;
                            /** @description The desktop execution node the bound device is (codes with a userId, once enrolled) */
                            nodeId: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        };
                        alreadyDisabled: boolean;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listDevices: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only this project */
                projectKey?: string;
                /** @description Only devices in this status */
                status?: "active" | "revoked";
                /** @description Exact client version */
                appVersion?: string;
                /** @description Matches machineId, fingerprintHash, the bound code, or the device id */
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List devices */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            deviceId: number;
                            projectKey: string;
                            machineId: string;
                            fingerprintHash: string;
                            appVersion: string;
                            /** @enum {string} */
                            status: "active" | "revoked";
                            /** @description The activation code the device is bound to */
                            code: string;
                            /** @enum {string} */
                            licenseMode: "TIME" | "COUNT";
                            activeSessions: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            lastSeenAt: string | null;
                            revokedAt: string | null;
                            /** @description The desktop execution node this device is (enrolled with a code tied to a user), else null */
                            nodeId: string | null;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The device id */
                deviceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One device */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        device: {
                            deviceId: number;
                            projectKey: string;
                            machineId: string;
                            fingerprintHash: string;
                            appVersion: string;
                            /** @enum {string} */
                            status: "active" | "revoked";
                            /** @description The activation code the device is bound to */
                            code: string;
                            /** @enum {string} */
                            licenseMode: "TIME" | "COUNT";
                            activeSessions: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            lastSeenAt: string | null;
                            revokedAt: string | null;
                            /** @description The desktop execution node this device is (enrolled with a code tied to a user), else null */
                            nodeId: string | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    revokeDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The device id */
                deviceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke a device and all its active sessions, and the desktop execution node it is (its connection is closed); records a device-revocation security event */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        deviceId: number;
                        /** @enum {boolean} */
                        revoked: true;
                        sessionsRevoked: number;
                        alreadyRevoked: boolean;
                        /** @description The desktop execution node revoked with the device, else null */
                        nodeId: string | null;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only this project */
                projectKey?: string;
                /** @description Only sessions of this device */
                deviceId?: number;
                /** @description Only sessions in this status */
                status?: "active" | "expired" | "revoked";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List sessions, active and revoked, with token expiry and device */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            sessionId: string;
                            projectKey: string;
                            deviceId: number;
                            machineId: string;
                            appVersion: string;
                            /**
                             * @description expired: the token lapsed (the device may still renew within the grace period)
                             * @enum {string}
                             */
                            status: "active" | "expired" | "revoked";
                            /** @description ISO 8601 UTC */
                            tokenExpiresAt: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            renewedAt: string | null;
                            revokedAt: string | null;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listVersionBans: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
            };
            header?: never;
            path: {
                /** @description The project key */
                projectKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a project's banned client versions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            projectKey: string;
                            appVersion: string;
                            reason: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    banVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project key */
                projectKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appVersion: string;
                    /** @default  */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Ban a client version: enroll, status and consume with it are refused */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        ban: {
                            projectKey: string;
                            appVersion: string;
                            reason: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    unbanVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project key */
                projectKey: string;
                /** @description The banned client version */
                appVersion: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lift a version ban */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        projectKey: string;
                        appVersion: string;
                        /** @enum {boolean} */
                        removed: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listLogs: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only this project */
                projectKey?: string;
                /** @description Matches the code, machineId, requestId, sessionId or outcome */
                keyword?: string;
                /** @description Required, ISO 8601, inclusive */
                from?: string;
                /** @description Required, ISO 8601, exclusive; at most 366 days after from */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Query consumption logs by project, keyword and time range (newest first) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            projectKey: string | null;
                            code: string | null;
                            deviceId: number;
                            machineId: string | null;
                            sessionId: string;
                            requestId: string | null;
                            /** @description deducted | idempotent | time_checked | exhausted | refused */
                            outcome: string;
                            remainingAfter: number | null;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    exportLogsCsv: {
        parameters: {
            query?: {
                /** @description Only this project */
                projectKey?: string;
                /** @description Matches the code, machineId, requestId, sessionId or outcome */
                keyword?: string;
                /** @description Required, ISO 8601, inclusive */
                from?: string;
                /** @description Required, ISO 8601, exclusive; at most 366 days after from */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV with a header line */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getStatsTrend: {
        parameters: {
            query?: {
                /** @description How many days back from now, 1 to 90 */
                days?: number;
                /** @description Bucket size (UTC): day, ISO week or month */
                granularity?: "day" | "week" | "month";
                /** @description Only this project */
                projectKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Consumptions over the last 1 to 90 days by day, ISO week or month (UTC), empty buckets included */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        days: number;
                        /** @enum {string} */
                        granularity: "day" | "week" | "month";
                        projectKey: string | null;
                        /** @description ISO 8601 UTC */
                        from: string;
                        /** @description ISO 8601 UTC */
                        to: string;
                        buckets: {
                            /** @description YYYY-MM-DD, UTC */
                            start: string;
                            total: number;
                            deducted: number;
                            timeChecked: number;
                            idempotent: number;
                            refused: number;
                        }[];
                        totals: {
                            total: number;
                            deducted: number;
                            timeChecked: number;
                            idempotent: number;
                            refused: number;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getStats: {
        parameters: {
            query?: {
                /** @description Only this project */
                projectKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics, global or for one project: codes by state, devices, sessions, consumptions, security events by kind */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string} */
                        scope: "global" | "project";
                        projectKey: string | null;
                        projects: {
                            total: number;
                            enabled: number;
                            disabled: number;
                        };
                        codes: {
                            total: number;
                            unused: number;
                            active: number;
                            expired: number;
                            exhausted: number;
                            disabled: number;
                        };
                        devices: {
                            total: number;
                            active: number;
                            revoked: number;
                            seen24h: number;
                        };
                        sessions: {
                            total: number;
                            active: number;
                            revoked: number;
                        };
                        consumptions: {
                            total: number;
                            last24h: number;
                            last30d: number;
                            deducted: number;
                        };
                        securityEvents: {
                            total: number;
                            signature_failure: number;
                            nonce_replay: number;
                            version_ban: number;
                            device_revocation: number;
                            fingerprint_drift: number;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listSecurityEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only this project */
                projectKey?: string;
                /** @description Only events of this kind */
                kind?: "signature_failure" | "nonce_replay" | "version_ban" | "device_revocation" | "fingerprint_drift";
                /** @description ISO 8601, inclusive; give both from and to */
                from?: string;
                /** @description ISO 8601, exclusive; give both from and to */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List security events by project, kind and time range (newest first) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: number;
                            /** @enum {string} */
                            kind: "signature_failure" | "nonce_replay" | "version_ban" | "device_revocation" | "fingerprint_drift";
                            projectKey: string | null;
                            deviceId: number | null;
                            sessionId: string | null;
                            ip: string | null;
                            detail: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only users whose name or email contains this (any case), or whose id it is */
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List integrator users with plans and quota balances */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: number;
                            name: string;
                            email: string | null;
                            plan: {
                                name: string;
                                /** @description What API keys of the user may do (a key may be narrower) */
                                permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                                /** @description Requests per minute, all keys of the user together */
                                perMinuteLimit: number;
                                /** @description Requests per UTC day, all keys together */
                                dailyLimit: number;
                                /** @description Publishing to CMS sites at all */
                                cmsEnabled: boolean;
                            };
                            quotas: {
                                web: {
                                    granted: number;
                                    used: number;
                                };
                                desktop: {
                                    granted: number;
                                    used: number;
                                };
                                edge: {
                                    granted: number;
                                    used: number;
                                };
                                cms: {
                                    granted: number;
                                    used: number;
                                };
                            };
                            webhookUrl: string | null;
                            /** @description A disabled user's keys are refused (403) */
                            disabled: boolean;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createUser: {
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
                    /** Format: email */
                    email?: string;
                    plan: {
                        name: string;
                        /** @description What API keys of the user may do (a key may be narrower) */
                        permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                        /** @description Requests per minute, all keys of the user together */
                        perMinuteLimit: number;
                        /** @description Requests per UTC day, all keys together */
                        dailyLimit: number;
                        /** @description Publishing to CMS sites at all */
                        cmsEnabled: boolean;
                    };
                    /** @description Units granted per bucket (a job takes one from the bucket of its executor); a grant below what is used is raised to it */
                    quotas?: {
                        [key: string]: number;
                    };
                };
            };
        };
        responses: {
            /** @description Create an integrator user with a plan and quota grants */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        user: {
                            id: number;
                            name: string;
                            email: string | null;
                            plan: {
                                name: string;
                                /** @description What API keys of the user may do (a key may be narrower) */
                                permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                                /** @description Requests per minute, all keys of the user together */
                                perMinuteLimit: number;
                                /** @description Requests per UTC day, all keys together */
                                dailyLimit: number;
                                /** @description Publishing to CMS sites at all */
                                cmsEnabled: boolean;
                            };
                            quotas: {
                                web: {
                                    granted: number;
                                    used: number;
                                };
                                desktop: {
                                    granted: number;
                                    used: number;
                                };
                                edge: {
                                    granted: number;
                                    used: number;
                                };
                                cms: {
                                    granted: number;
                                    used: number;
                                };
                            };
                            webhookUrl: string | null;
                            /** @description A disabled user's keys are refused (403) */
                            disabled: boolean;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One user: plan, quota balances, webhook URL */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        user: {
                            id: number;
                            name: string;
                            email: string | null;
                            plan: {
                                name: string;
                                /** @description What API keys of the user may do (a key may be narrower) */
                                permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                                /** @description Requests per minute, all keys of the user together */
                                perMinuteLimit: number;
                                /** @description Requests per UTC day, all keys together */
                                dailyLimit: number;
                                /** @description Publishing to CMS sites at all */
                                cmsEnabled: boolean;
                            };
                            quotas: {
                                web: {
                                    granted: number;
                                    used: number;
                                };
                                desktop: {
                                    granted: number;
                                    used: number;
                                };
                                edge: {
                                    granted: number;
                                    used: number;
                                };
                                cms: {
                                    granted: number;
                                    used: number;
                                };
                            };
                            webhookUrl: string | null;
                            /** @description A disabled user's keys are refused (403) */
                            disabled: boolean;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    plan?: {
                        name: string;
                        /** @description What API keys of the user may do (a key may be narrower) */
                        permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                        /** @description Requests per minute, all keys of the user together */
                        perMinuteLimit: number;
                        /** @description Requests per UTC day, all keys together */
                        dailyLimit: number;
                        /** @description Publishing to CMS sites at all */
                        cmsEnabled: boolean;
                    };
                    /** @description Units granted per bucket (a job takes one from the bucket of its executor); a grant below what is used is raised to it */
                    quotas?: {
                        [key: string]: number;
                    };
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Change name, plan (whole), quota grants (per bucket given) or disabled state */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        user: {
                            id: number;
                            name: string;
                            email: string | null;
                            plan: {
                                name: string;
                                /** @description What API keys of the user may do (a key may be narrower) */
                                permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                                /** @description Requests per minute, all keys of the user together */
                                perMinuteLimit: number;
                                /** @description Requests per UTC day, all keys together */
                                dailyLimit: number;
                                /** @description Publishing to CMS sites at all */
                                cmsEnabled: boolean;
                            };
                            quotas: {
                                web: {
                                    granted: number;
                                    used: number;
                                };
                                desktop: {
                                    granted: number;
                                    used: number;
                                };
                                edge: {
                                    granted: number;
                                    used: number;
                                };
                                cms: {
                                    granted: number;
                                    used: number;
                                };
                            };
                            webhookUrl: string | null;
                            /** @description A disabled user's keys are refused (403) */
                            disabled: boolean;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user's API keys, revoked ones included (never the keys themselves) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @description key_… */
                            id: string;
                            name: string;
                            /** @description The first characters of the key, to tell it from the others */
                            keyPrefix: string;
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
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Default: the plan's permissions */
                    permissions?: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                };
            };
        };
        responses: {
            /** @description Create an API key for a user (shown once) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        apiKey: {
                            /** @description key_… */
                            id: string;
                            name: string;
                            /** @description The first characters of the key, to tell it from the others */
                            keyPrefix: string;
                            permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description plm_…: shown in this answer only; only its SHA-256 is kept */
                            key: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key id (key_…), not the key */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an API key; every replica refuses it within milliseconds */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        id: string;
                        /** @enum {boolean} */
                        revoked: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    setWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    url: string;
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Set the user's webhook URL and signing secret (generated when not given, shown in this answer) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        webhook: {
                            url: string;
                            secret: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    clearWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove the user's webhook: no more events are sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        webhook: {
                            url: null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createCmsSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "wordpress" | "metaweblog";
                    displayName: string;
                    /**
                     * Format: uri
                     * @description WordPress: the site base URL (REST API). MetaWeblog: the XML-RPC endpoint URL.
                     */
                    siteUrl: string;
                    username: string;
                    /** @description WordPress: an application password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Add a CMS site (WordPress or MetaWeblog) for a user */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        account: {
                            /** @description The integer to put in accountIds */
                            id: number;
                            /** @description Platform code, or wordpress / metaweblog for a CMS site */
                            platform: string;
                            /** @enum {string} */
                            category: "content" | "cms";
                            displayName: string;
                            /**
                             * @description As its node last reported it (unsupported_platform: the node has no adapter for the platform)
                             * @enum {string}
                             */
                            loginState: "logged_in" | "logged_out" | "unknown" | "unsupported_platform";
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description Where the account stands with its platform (GET …/accounts/{accountId}/health has the evidence); null for CMS sites */
                            health: {
                                /**
                                 * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                                 * @enum {string}
                                 */
                                state: "ok" | "watch" | "cooling" | "restricted";
                                /** @description When it entered this state; null: never evaluated (ok) */
                                since: string | null;
                                /** @description cooling: no job of the account starts before this */
                                coolUntil: string | null;
                            } | null;
                            userId: number;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            paired: boolean;
                            /** @description The content types the platform takes, each of which may have a settings preset */
                            contentTypes: ("article" | "dynamic" | "video")[];
                            removedAt: string | null;
                            /** @description Settings preset per content type */
                            presets: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @description Where the account publishes from (GET /accounts/{accountId}/egress has every change); null for CMS sites */
                            egress: {
                                /** @description The network (IPv4 /24, IPv6 /48) its jobs start from; null until a job of it started from a known address */
                                network: string | null;
                                /** @description Since when its jobs start from that network */
                                since: string | null;
                                /** @description Its newest change of network; null: never changed */
                                lastChange: {
                                    /** @description ISO 8601 UTC */
                                    at: string;
                                    from: string;
                                    to: string;
                                } | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user's platform accounts and CMS sites (category cms), removed ones included */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @description The integer to put in accountIds */
                            id: number;
                            /** @description Platform code, or wordpress / metaweblog for a CMS site */
                            platform: string;
                            /** @enum {string} */
                            category: "content" | "cms";
                            displayName: string;
                            /**
                             * @description As its node last reported it (unsupported_platform: the node has no adapter for the platform)
                             * @enum {string}
                             */
                            loginState: "logged_in" | "logged_out" | "unknown" | "unsupported_platform";
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description Where the account stands with its platform (GET …/accounts/{accountId}/health has the evidence); null for CMS sites */
                            health: {
                                /**
                                 * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                                 * @enum {string}
                                 */
                                state: "ok" | "watch" | "cooling" | "restricted";
                                /** @description When it entered this state; null: never evaluated (ok) */
                                since: string | null;
                                /** @description cooling: no job of the account starts before this */
                                coolUntil: string | null;
                            } | null;
                            userId: number;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            paired: boolean;
                            /** @description The content types the platform takes, each of which may have a settings preset */
                            contentTypes: ("article" | "dynamic" | "video")[];
                            removedAt: string | null;
                            /** @description Settings preset per content type */
                            presets: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @description Where the account publishes from (GET /accounts/{accountId}/egress has every change); null for CMS sites */
                            egress: {
                                /** @description The network (IPv4 /24, IPv6 /48) its jobs start from; null until a job of it started from a known address */
                                network: string | null;
                                /** @description Since when its jobs start from that network */
                                since: string | null;
                                /** @description Its newest change of network; null: never changed */
                                lastChange: {
                                    /** @description ISO 8601 UTC */
                                    at: string;
                                    from: string;
                                    to: string;
                                } | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    removeAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove an account or CMS site: it is no longer listed to the integrator nor published to */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        account: {
                            /** @description The integer to put in accountIds */
                            id: number;
                            /** @description Platform code, or wordpress / metaweblog for a CMS site */
                            platform: string;
                            /** @enum {string} */
                            category: "content" | "cms";
                            displayName: string;
                            /**
                             * @description As its node last reported it (unsupported_platform: the node has no adapter for the platform)
                             * @enum {string}
                             */
                            loginState: "logged_in" | "logged_out" | "unknown" | "unsupported_platform";
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description Where the account stands with its platform (GET …/accounts/{accountId}/health has the evidence); null for CMS sites */
                            health: {
                                /**
                                 * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                                 * @enum {string}
                                 */
                                state: "ok" | "watch" | "cooling" | "restricted";
                                /** @description When it entered this state; null: never evaluated (ok) */
                                since: string | null;
                                /** @description cooling: no job of the account starts before this */
                                coolUntil: string | null;
                            } | null;
                            userId: number;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            paired: boolean;
                            /** @description The content types the platform takes, each of which may have a settings preset */
                            contentTypes: ("article" | "dynamic" | "video")[];
                            removedAt: string | null;
                            /** @description Settings preset per content type */
                            presets: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @description Where the account publishes from (GET /accounts/{accountId}/egress has every change); null for CMS sites */
                            egress: {
                                /** @description The network (IPv4 /24, IPv6 /48) its jobs start from; null until a job of it started from a known address */
                                network: string | null;
                                /** @description Since when its jobs start from that network */
                                since: string | null;
                                /** @description Its newest change of network; null: never changed */
                                lastChange: {
                                    /** @description ISO 8601 UTC */
                                    at: string;
                                    from: string;
                                    to: string;
                                } | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getAccountPreset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
                /** @description article, dynamic or video */
                contentType: "article" | "dynamic" | "video";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An account's settings preset for one content type, with the fields the settings contract allows there */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        account: {
                            /** @description The integer to put in accountIds */
                            id: number;
                            /** @description Platform code, or wordpress / metaweblog for a CMS site */
                            platform: string;
                            /** @enum {string} */
                            category: "content" | "cms";
                            displayName: string;
                            /**
                             * @description As its node last reported it (unsupported_platform: the node has no adapter for the platform)
                             * @enum {string}
                             */
                            loginState: "logged_in" | "logged_out" | "unknown" | "unsupported_platform";
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description Where the account stands with its platform (GET …/accounts/{accountId}/health has the evidence); null for CMS sites */
                            health: {
                                /**
                                 * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                                 * @enum {string}
                                 */
                                state: "ok" | "watch" | "cooling" | "restricted";
                                /** @description When it entered this state; null: never evaluated (ok) */
                                since: string | null;
                                /** @description cooling: no job of the account starts before this */
                                coolUntil: string | null;
                            } | null;
                            userId: number;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            paired: boolean;
                            /** @description The content types the platform takes, each of which may have a settings preset */
                            contentTypes: ("article" | "dynamic" | "video")[];
                            removedAt: string | null;
                            /** @description Settings preset per content type */
                            presets: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @description Where the account publishes from (GET /accounts/{accountId}/egress has every change); null for CMS sites */
                            egress: {
                                /** @description The network (IPv4 /24, IPv6 /48) its jobs start from; null until a job of it started from a known address */
                                network: string | null;
                                /** @description Since when its jobs start from that network */
                                since: string | null;
                                /** @description Its newest change of network; null: never changed */
                                lastChange: {
                                    /** @description ISO 8601 UTC */
                                    at: string;
                                    from: string;
                                    to: string;
                                } | null;
                            } | null;
                        };
                        /** @description The preset for this content type ({} when none) */
                        settings: {
                            [key: string]: unknown;
                        };
                        settingsContractVersion: string;
                        /** @description Every field a preset of this platform and content type may hold (the common ones, then the platform's own), as GET /api/openapi/v1/publish/settings describes them */
                        fields: {
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
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    putAccountPreset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
                /** @description article, dynamic or video */
                contentType: "article" | "dynamic" | "video";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    settings: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Set an account's settings preset for one content type (checked against the settings contract) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        account: {
                            /** @description The integer to put in accountIds */
                            id: number;
                            /** @description Platform code, or wordpress / metaweblog for a CMS site */
                            platform: string;
                            /** @enum {string} */
                            category: "content" | "cms";
                            displayName: string;
                            /**
                             * @description As its node last reported it (unsupported_platform: the node has no adapter for the platform)
                             * @enum {string}
                             */
                            loginState: "logged_in" | "logged_out" | "unknown" | "unsupported_platform";
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description Where the account stands with its platform (GET …/accounts/{accountId}/health has the evidence); null for CMS sites */
                            health: {
                                /**
                                 * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                                 * @enum {string}
                                 */
                                state: "ok" | "watch" | "cooling" | "restricted";
                                /** @description When it entered this state; null: never evaluated (ok) */
                                since: string | null;
                                /** @description cooling: no job of the account starts before this */
                                coolUntil: string | null;
                            } | null;
                            userId: number;
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            paired: boolean;
                            /** @description The content types the platform takes, each of which may have a settings preset */
                            contentTypes: ("article" | "dynamic" | "video")[];
                            removedAt: string | null;
                            /** @description Settings preset per content type */
                            presets: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @description Where the account publishes from (GET /accounts/{accountId}/egress has every change); null for CMS sites */
                            egress: {
                                /** @description The network (IPv4 /24, IPv6 /48) its jobs start from; null until a job of it started from a known address */
                                network: string | null;
                                /** @description Since when its jobs start from that network */
                                since: string | null;
                                /** @description Its newest change of network; null: never changed */
                                lastChange: {
                                    /** @description ISO 8601 UTC */
                                    at: string;
                                    from: string;
                                    to: string;
                                } | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only deliveries to this user */
                userId?: number;
                /** @description pending: will be (re)tried; delivered: the receiver answered 2xx; failed: attempts spent */
                status?: "pending" | "delivered" | "failed";
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List webhook deliveries, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @description evt_…, also sent as Plume-Webhook-Id */
                            id: string;
                            /** @description The event type, e.g. publish.job.updated or webhook.test */
                            eventType: string;
                            /**
                             * @description pending: will be (re)tried; delivered: the receiver answered 2xx; failed: attempts spent
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status of the last attempt; null when it got no answer */
                            lastStatusCode: number | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            deliveredAt: string | null;
                            userId: number;
                            /** @description When pending: the next attempt (or the end of the current attempt) */
                            nextAttemptAt: string;
                            lastError: string | null;
                            /** @description The event `data` */
                            payload: {
                                [key: string]: unknown;
                            };
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    retryWebhookDelivery: {
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
            /** @description Retry a webhook delivery now (failed: with a fresh attempt budget; delivered: 409) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        delivery: {
                            /** @description evt_…, also sent as Plume-Webhook-Id */
                            id: string;
                            /** @description The event type, e.g. publish.job.updated or webhook.test */
                            eventType: string;
                            /**
                             * @description pending: will be (re)tried; delivered: the receiver answered 2xx; failed: attempts spent
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status of the last attempt; null when it got no answer */
                            lastStatusCode: number | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            deliveredAt: string | null;
                            userId: number;
                            /** @description When pending: the next attempt (or the end of the current attempt) */
                            nextAttemptAt: string;
                            lastError: string | null;
                            /** @description The event `data` */
                            payload: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only jobs in this state */
                state?: "scheduled" | "queued" | "offered" | "accepted" | "running" | "committed" | "succeeded" | "failed" | "unknown" | "needs_attention" | "canceled";
                /** @description Only this user's jobs */
                userId?: number;
                /** @description Only jobs routed to this node */
                nodeId?: string;
                /** @description Only jobs of this batch */
                batchId?: string;
                /** @description Only jobs on this platform */
                platform?: string;
                /** @description By last change */
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List publish jobs by state, user, node, batch and platform (most recently changed first unless order=asc) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: string;
                            batchId: string;
                            /** @description The batch state integrators see (queued, running, succeeded, partial, failed) */
                            batchState: string;
                            /** @description X-Request-Id of the publish call that created the batch */
                            requestId: string;
                            userId: number;
                            accountId: number;
                            platform: string;
                            /** @enum {string} */
                            contentType: "article" | "dynamic" | "video";
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            /** @enum {string} */
                            state: "scheduled" | "queued" | "offered" | "accepted" | "running" | "committed" | "succeeded" | "failed" | "unknown" | "needs_attention" | "canceled";
                            /** @description Attempts charged: those that actually started on their executor */
                            attempt: number;
                            attemptId: string | null;
                            error: {
                                code: string;
                                message: string | null;
                            } | null;
                            feedback: {
                                step: string | null;
                                message: string | null;
                            };
                            platformStatus: string | null;
                            platformPostId: string | null;
                            platformUrl: string | null;
                            verifiedAt: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One publish job, with its payload and frozen settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: {
                            id: string;
                            batchId: string;
                            /** @description The batch state integrators see (queued, running, succeeded, partial, failed) */
                            batchState: string;
                            /** @description X-Request-Id of the publish call that created the batch */
                            requestId: string;
                            userId: number;
                            accountId: number;
                            platform: string;
                            /** @enum {string} */
                            contentType: "article" | "dynamic" | "video";
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            /** @enum {string} */
                            state: "scheduled" | "queued" | "offered" | "accepted" | "running" | "committed" | "succeeded" | "failed" | "unknown" | "needs_attention" | "canceled";
                            /** @description Attempts charged: those that actually started on their executor */
                            attempt: number;
                            attemptId: string | null;
                            error: {
                                code: string;
                                message: string | null;
                            } | null;
                            feedback: {
                                step: string | null;
                                message: string | null;
                            };
                            platformStatus: string | null;
                            platformPostId: string | null;
                            platformUrl: string | null;
                            verifiedAt: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                            /** @description What the job publishes (title, body, media paths), frozen at creation */
                            payload: {
                                [key: string]: unknown;
                            };
                            /** @description The frozen settings snapshot */
                            settings: {
                                [key: string]: unknown;
                            };
                            nodeStatus: string | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    resolveJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    outcome: "succeeded";
                    /**
                     * Format: uri
                     * @description The post a person found on the platform
                     */
                    url: string;
                    /** @description The platform's post id, when known */
                    postId?: string;
                    /** @description What the person found; kept in the audit log and the job feedback */
                    note?: string;
                } | {
                    /** @enum {string} */
                    outcome: "failed";
                    /** @description What the person found; kept in the audit log and the job feedback */
                    note?: string;
                } | {
                    /** @enum {string} */
                    outcome: "requeued";
                    /** @description What the person found; kept in the audit log and the job feedback */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Resolve a job that needs a person: published (with the post a person found), failed, or queued again */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: {
                            id: string;
                            batchId: string;
                            /** @description The batch state integrators see (queued, running, succeeded, partial, failed) */
                            batchState: string;
                            /** @description X-Request-Id of the publish call that created the batch */
                            requestId: string;
                            userId: number;
                            accountId: number;
                            platform: string;
                            /** @enum {string} */
                            contentType: "article" | "dynamic" | "video";
                            /** @enum {string} */
                            executor: "web" | "desktop" | "edge";
                            nodeId: string | null;
                            /** @enum {string} */
                            state: "scheduled" | "queued" | "offered" | "accepted" | "running" | "committed" | "succeeded" | "failed" | "unknown" | "needs_attention" | "canceled";
                            /** @description Attempts charged: those that actually started on their executor */
                            attempt: number;
                            attemptId: string | null;
                            error: {
                                code: string;
                                message: string | null;
                            } | null;
                            feedback: {
                                step: string | null;
                                message: string | null;
                            };
                            platformStatus: string | null;
                            platformPostId: string | null;
                            platformUrl: string | null;
                            verifiedAt: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            updatedAt: string;
                            /** @description What the job publishes (title, body, media paths), frozen at creation */
                            payload: {
                                [key: string]: unknown;
                            };
                            /** @description The frozen settings snapshot */
                            settings: {
                                [key: string]: unknown;
                            };
                            nodeStatus: string | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listSchedule: {
        parameters: {
            query: {
                /** @description Publish times at or after this instant (ISO 8601 with its zone, or a date: midnight UTC) */
                from: string;
                /** @description Publish times before this instant; at most 42 days after from */
                to: string;
                /** @description Only jobs on this platform */
                platform?: string;
                /** @description Only jobs of this account */
                accountId?: number;
                /** @description Only this user's jobs */
                userId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Scheduled jobs whose publish time falls in a range, oldest due first, for every user or one */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Jobs in state scheduled whose publishAt falls in the range, oldest due first, at most 500 */
                        jobs: {
                            /** @description job_… */
                            jobId: string;
                            /** @description bat_… */
                            batchId: string;
                            /** @description The integrator user the job publishes for */
                            userId: number;
                            userName: string;
                            accountId: number;
                            accountName: string;
                            platform: string;
                            /** @description article, dynamic or video */
                            contentType: string;
                            /** @description web, desktop or edge */
                            executor: string;
                            /** @description When it is due (ISO 8601 UTC) */
                            publishAt: string;
                            /** @description publishAt + publishWindow: not started by then, it fails schedule_missed */
                            publishDeadline: string | null;
                            /** @description The article's or video's title, a dynamic's first words (up to 200 characters) */
                            title: string | null;
                        }[];
                        /** @description More than 500 jobs fall in the range: narrow it or filter */
                        truncated: boolean;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Is everything all right: the last 24 hours of jobs by hour, outcome, platform and error code; nodes and slots; accounts needing a login or cooling; webhook backlog; quota use */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        overview: {
                            /** @description The last 24 hours, by whole UTC hours */
                            window: {
                                /** @description The start of the first hour counted */
                                from: string;
                                /** @description Now */
                                to: string;
                            };
                            jobs: {
                                /** @description Jobs asked for in the window, by their outcome now */
                                totals: {
                                    succeeded: number;
                                    failed: number;
                                    canceled: number;
                                    /** @description Waiting for a person: needs_attention, or an outcome not known yet (unknown) */
                                    attention: number;
                                    /** @description Still on its way: scheduled, queued, offered, accepted, running (awaiting input included) or committed */
                                    pending: number;
                                    total: number;
                                };
                                /** @description The same, per hour the jobs were asked for: 24 entries, oldest first, empty hours included */
                                hours: {
                                    /** @description ISO 8601 UTC */
                                    start: string;
                                    succeeded: number;
                                    failed: number;
                                    canceled: number;
                                    /** @description Waiting for a person: needs_attention, or an outcome not known yet (unknown) */
                                    attention: number;
                                    /** @description Still on its way: scheduled, queued, offered, accepted, running (awaiting input included) or committed */
                                    pending: number;
                                    total: number;
                                }[];
                                /** @description The same, per platform, most jobs first */
                                platforms: {
                                    platform: string;
                                    succeeded: number;
                                    failed: number;
                                    canceled: number;
                                    /** @description Waiting for a person: needs_attention, or an outcome not known yet (unknown) */
                                    attention: number;
                                    /** @description Still on its way: scheduled, queued, offered, accepted, running (awaiting input included) or committed */
                                    pending: number;
                                    total: number;
                                }[];
                                /** @description The failed jobs of the window by error code, most first */
                                errorCodes: {
                                    /** @description The error code; none: failed without one; other: the codes past the first 8 */
                                    code: string;
                                    count: number;
                                }[];
                                /** @description Jobs on a node now (offered, accepted, running, committed), whenever asked for */
                                inFlight: number;
                                /** @description Jobs queued now, whenever asked for */
                                queued: number;
                                /** @description Jobs waiting for a person now (needs_attention, unknown), whenever asked for */
                                needsAttention: number;
                            };
                            /** @description Execution nodes: every one, or those serving the integrator */
                            nodes: {
                                /** @description Nodes not revoked */
                                total: number;
                                /** @description Connected, heartbeating and active */
                                online: number;
                                draining: number;
                                /** @description The jobs the online nodes run at once (each node's concurrency) */
                                slots: number;
                                /** @description Slots of online nodes holding a job now (for an integrator: their own jobs) */
                                busySlots: number;
                            };
                            /** @description Platform accounts that need a person or wait */
                            accounts: {
                                /** @description Platform accounts (CMS sites not counted) */
                                total: number;
                                /** @description Logged out: a person must log them in again */
                                needsLogin: number;
                                /** @description Cooling down: no job starts until their cooling ends */
                                cooling: number;
                                /** @description Restricted: no job starts until an admin clears them */
                                restricted: number;
                            };
                            webhooks: {
                                /** @description Deliveries waiting to be sent or retried */
                                pending: number;
                                /** @description Age of the oldest pending delivery; 0 when none */
                                oldestPendingSeconds: number;
                                /** @description Deliveries of the window given up on */
                                failed24h: number;
                            };
                            quota: {
                                /** @description Publish quota per bucket: granted and used, summed over integrators for the back office */
                                buckets: {
                                    bucket: string;
                                    granted: number;
                                    used: number;
                                }[];
                                /** @description Integrators with 90 % or more of a bucket's grant used (on an integrator's own page: 1 or 0) */
                                integratorsNearlyOut: number;
                            };
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listPlatformPacing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each platform's default pacing */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        rules: {
                            platform: string;
                            /** @description null: the platform's default */
                            accountId: number | null;
                            minGapSeconds: number | null;
                            jitterSeconds: number | null;
                            dailyCap: number | null;
                            quietHours: {
                                start: string;
                                end: string;
                            } | null;
                            timeZone: string | null;
                            updatedBy: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    setPlatformPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A content platform code (GET /api/openapi/v1/meta) */
                platform: string;
            };
            cookie?: never;
        };
        /** @description A pacing rule; PUT replaces the whole rule */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The least time between two starts of one account's jobs (milliseconds count: 0.5 is half a second); absent: inherit (an override) or none (a platform default) */
                    minGapSeconds?: number;
                    /** @description Up to this much more, drawn at random for each gap */
                    jitterSeconds?: number;
                    /** @description Starts per day in timeZone; 0: no cap (an override lifting the platform's) */
                    dailyCap?: number;
                    /** @description No start from start up to end in timeZone (may wrap midnight: 23:00 to 07:00); equal ends: no quiet hours (an override lifting the platform's) */
                    quietHours?: {
                        start: string;
                        end: string;
                    } | null;
                    /** @description IANA zone of the day and quiet hours (Asia/Shanghai); default UTC */
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Set a platform's default pacing (every account there, unless it overrides a field) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        rule: {
                            platform: string;
                            /** @description null: the platform's default */
                            accountId: number | null;
                            minGapSeconds: number | null;
                            jitterSeconds: number | null;
                            dailyCap: number | null;
                            quietHours: {
                                start: string;
                                end: string;
                            } | null;
                            timeZone: string | null;
                            updatedBy: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    removePlatformPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A content platform code (GET /api/openapi/v1/meta) */
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove a platform's default pacing */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getAccountPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An account's pacing: its override, its platform's default, and where it stands */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        pacing: {
                            accountId: number;
                            platform: string;
                            /** @description The account's own rule; null: none */
                            override: {
                                platform: string;
                                /** @description null: the platform's default */
                                accountId: number | null;
                                minGapSeconds: number | null;
                                jitterSeconds: number | null;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string | null;
                                updatedBy: string;
                                updatedAt: string;
                            } | null;
                            /** @description The platform's default; null: none */
                            platformDefault: {
                                platform: string;
                                /** @description null: the platform's default */
                                accountId: number | null;
                                minGapSeconds: number | null;
                                jitterSeconds: number | null;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string | null;
                                updatedBy: string;
                                updatedAt: string;
                            } | null;
                            effective: {
                                /** @description false: nothing limits this account; its jobs start as soon as its node has a slot */
                                paced: boolean;
                                minGapSeconds: number;
                                jitterSeconds: number;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string;
                                /** @description Jobs started today (in timeZone) */
                                startsToday: number;
                                /** @description The earliest time the account's next job may start; null: now */
                                notBefore: string | null;
                                /** @description Why not now: min_gap (too soon after the last start), daily_cap (the day's starts are used), quiet_hours */
                                reason: ("min_gap" | "daily_cap" | "quiet_hours") | null;
                            };
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    setAccountPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        /** @description A pacing rule; PUT replaces the whole rule */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The least time between two starts of one account's jobs (milliseconds count: 0.5 is half a second); absent: inherit (an override) or none (a platform default) */
                    minGapSeconds?: number;
                    /** @description Up to this much more, drawn at random for each gap */
                    jitterSeconds?: number;
                    /** @description Starts per day in timeZone; 0: no cap (an override lifting the platform's) */
                    dailyCap?: number;
                    /** @description No start from start up to end in timeZone (may wrap midnight: 23:00 to 07:00); equal ends: no quiet hours (an override lifting the platform's) */
                    quietHours?: {
                        start: string;
                        end: string;
                    } | null;
                    /** @description IANA zone of the day and quiet hours (Asia/Shanghai); default UTC */
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Set an account's pacing override (its fields win over the platform's default) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        pacing: {
                            accountId: number;
                            platform: string;
                            /** @description The account's own rule; null: none */
                            override: {
                                platform: string;
                                /** @description null: the platform's default */
                                accountId: number | null;
                                minGapSeconds: number | null;
                                jitterSeconds: number | null;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string | null;
                                updatedBy: string;
                                updatedAt: string;
                            } | null;
                            /** @description The platform's default; null: none */
                            platformDefault: {
                                platform: string;
                                /** @description null: the platform's default */
                                accountId: number | null;
                                minGapSeconds: number | null;
                                jitterSeconds: number | null;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string | null;
                                updatedBy: string;
                                updatedAt: string;
                            } | null;
                            effective: {
                                /** @description false: nothing limits this account; its jobs start as soon as its node has a slot */
                                paced: boolean;
                                minGapSeconds: number;
                                jitterSeconds: number;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string;
                                /** @description Jobs started today (in timeZone) */
                                startsToday: number;
                                /** @description The earliest time the account's next job may start; null: now */
                                notBefore: string | null;
                                /** @description Why not now: min_gap (too soon after the last start), daily_cap (the day's starts are used), quiet_hours */
                                reason: ("min_gap" | "daily_cap" | "quiet_hours") | null;
                            };
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    removeAccountPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove an account's pacing override (its platform's default applies) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        pacing: {
                            accountId: number;
                            platform: string;
                            /** @description The account's own rule; null: none */
                            override: {
                                platform: string;
                                /** @description null: the platform's default */
                                accountId: number | null;
                                minGapSeconds: number | null;
                                jitterSeconds: number | null;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string | null;
                                updatedBy: string;
                                updatedAt: string;
                            } | null;
                            /** @description The platform's default; null: none */
                            platformDefault: {
                                platform: string;
                                /** @description null: the platform's default */
                                accountId: number | null;
                                minGapSeconds: number | null;
                                jitterSeconds: number | null;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string | null;
                                updatedBy: string;
                                updatedAt: string;
                            } | null;
                            effective: {
                                /** @description false: nothing limits this account; its jobs start as soon as its node has a slot */
                                paced: boolean;
                                minGapSeconds: number;
                                jitterSeconds: number;
                                dailyCap: number | null;
                                quietHours: {
                                    start: string;
                                    end: string;
                                } | null;
                                timeZone: string;
                                /** @description Jobs started today (in timeZone) */
                                startsToday: number;
                                /** @description The earliest time the account's next job may start; null: now */
                                notBefore: string | null;
                                /** @description Why not now: min_gap (too soon after the last start), daily_cap (the day's starts are used), quiet_hours */
                                reason: ("min_gap" | "daily_cap" | "quiet_hours") | null;
                            };
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getAccountHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An account's health: its state, since when, why, and its newest signals */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        health: {
                            accountId: number;
                            platform: string;
                            /**
                             * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                             * @enum {string}
                             */
                            state: "ok" | "watch" | "cooling" | "restricted";
                            /** @description When it entered this state; null: never evaluated (ok) */
                            since: string | null;
                            /** @description cooling: no job of the account starts before this */
                            coolUntil: string | null;
                            /** @description Why the last change: signals, restriction_signal, cool_down_over, quiet, admin */
                            reason: string | null;
                            /** @description The admin's note with their change */
                            note: string | null;
                            /** @description The admin who made the last change, or rules */
                            changedBy: string | null;
                            /** @description Its newest signals (up to 20, newest first), counted or not */
                            signals: {
                                /** @description challenge, session_expired, publish_rejected, challenge_required, egress_changed, or what a node reports (restriction_banner, …) */
                                kind: string;
                                /** @description control_plane, or node: what the account's page showed the node */
                                source: string;
                                /** @description ISO 8601 UTC */
                                at: string;
                                /** @description job_id, error_code, message (the platform's words), node_id, … */
                                detail: {
                                    [key: string]: unknown;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    setAccountHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description watch and cooling are the rules' to set
                     * @enum {string}
                     */
                    state: "restricted" | "ok";
                    /** @description Why: kept with the state and shown to operators */
                    note: string;
                };
            };
        };
        responses: {
            /** @description Restrict an account (no job of it starts) or clear it to ok, with a note */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        changed: boolean;
                        health: {
                            accountId: number;
                            platform: string;
                            /**
                             * @description ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it
                             * @enum {string}
                             */
                            state: "ok" | "watch" | "cooling" | "restricted";
                            /** @description When it entered this state; null: never evaluated (ok) */
                            since: string | null;
                            /** @description cooling: no job of the account starts before this */
                            coolUntil: string | null;
                            /** @description Why the last change: signals, restriction_signal, cool_down_over, quiet, admin */
                            reason: string | null;
                            /** @description The admin's note with their change */
                            note: string | null;
                            /** @description The admin who made the last change, or rules */
                            changedBy: string | null;
                            /** @description Its newest signals (up to 20, newest first), counted or not */
                            signals: {
                                /** @description challenge, session_expired, publish_rejected, challenge_required, egress_changed, or what a node reports (restriction_banner, …) */
                                kind: string;
                                /** @description control_plane, or node: what the account's page showed the node */
                                source: string;
                                /** @description ISO 8601 UTC */
                                at: string;
                                /** @description job_id, error_code, message (the platform's words), node_id, … */
                                detail: {
                                    [key: string]: unknown;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getHealthRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account health rules: the global default and per-platform overrides */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The global default row (null fields: the built-in value) */
                        default: {
                            /** @description The sliding window signals are counted in (default 86400) */
                            windowSeconds: number | null;
                            /** @description This many signals in the window: watch (default 1) */
                            watchAt: number | null;
                            /** @description This many: cooling, no job of the account starts (default 3) */
                            coolingAt: number | null;
                            /** @description How long cooling lasts before watch again (default 86400) */
                            coolDownSeconds: number | null;
                            /** @description Signal kinds that restrict the account at once, until an admin clears it (default restriction_banner) */
                            restrictOn: string[] | null;
                            updatedBy: string | null;
                            updatedAt: string | null;
                        };
                        /** @description Per-platform overrides (null fields: the default's) */
                        platforms: {
                            [key: string]: {
                                /** @description The sliding window signals are counted in (default 86400) */
                                windowSeconds: number | null;
                                /** @description This many signals in the window: watch (default 1) */
                                watchAt: number | null;
                                /** @description This many: cooling, no job of the account starts (default 3) */
                                coolingAt: number | null;
                                /** @description How long cooling lasts before watch again (default 86400) */
                                coolDownSeconds: number | null;
                                /** @description Signal kinds that restrict the account at once, until an admin clears it (default restriction_banner) */
                                restrictOn: string[] | null;
                                updatedBy: string | null;
                                updatedAt: string | null;
                            };
                        };
                        builtIn: {
                            windowSeconds: number;
                            watchAt: number;
                            coolingAt: number;
                            coolDownSeconds: number;
                            restrictOn: string[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    setHealthRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The whole rule table; PUT replaces it */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every platform, field by field where its override sets nothing; absent fields: the built-in values */
                    default: {
                        /** @description The sliding window signals are counted in (default 86400) */
                        windowSeconds?: number | null;
                        /** @description This many signals in the window: watch (default 1) */
                        watchAt?: number | null;
                        /** @description This many: cooling, no job of the account starts (default 3) */
                        coolingAt?: number | null;
                        /** @description How long cooling lasts before watch again (default 86400) */
                        coolDownSeconds?: number | null;
                        /** @description Signal kinds that restrict the account at once, until an admin clears it (default restriction_banner) */
                        restrictOn?: string[] | null;
                    };
                    /** @description Per platform code: only the fields it overrides */
                    platforms?: {
                        [key: string]: {
                            /** @description The sliding window signals are counted in (default 86400) */
                            windowSeconds?: number | null;
                            /** @description This many signals in the window: watch (default 1) */
                            watchAt?: number | null;
                            /** @description This many: cooling, no job of the account starts (default 3) */
                            coolingAt?: number | null;
                            /** @description How long cooling lasts before watch again (default 86400) */
                            coolDownSeconds?: number | null;
                            /** @description Signal kinds that restrict the account at once, until an admin clears it (default restriction_banner) */
                            restrictOn?: string[] | null;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Replace the account health rules (the default and every per-platform override) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The global default row (null fields: the built-in value) */
                        default: {
                            /** @description The sliding window signals are counted in (default 86400) */
                            windowSeconds: number | null;
                            /** @description This many signals in the window: watch (default 1) */
                            watchAt: number | null;
                            /** @description This many: cooling, no job of the account starts (default 3) */
                            coolingAt: number | null;
                            /** @description How long cooling lasts before watch again (default 86400) */
                            coolDownSeconds: number | null;
                            /** @description Signal kinds that restrict the account at once, until an admin clears it (default restriction_banner) */
                            restrictOn: string[] | null;
                            updatedBy: string | null;
                            updatedAt: string | null;
                        };
                        /** @description Per-platform overrides (null fields: the default's) */
                        platforms: {
                            [key: string]: {
                                /** @description The sliding window signals are counted in (default 86400) */
                                windowSeconds: number | null;
                                /** @description This many signals in the window: watch (default 1) */
                                watchAt: number | null;
                                /** @description This many: cooling, no job of the account starts (default 3) */
                                coolingAt: number | null;
                                /** @description How long cooling lasts before watch again (default 86400) */
                                coolDownSeconds: number | null;
                                /** @description Signal kinds that restrict the account at once, until an admin clears it (default restriction_banner) */
                                restrictOn: string[] | null;
                                updatedBy: string | null;
                                updatedAt: string | null;
                            };
                        };
                        builtIn: {
                            windowSeconds: number;
                            watchAt: number;
                            coolingAt: number;
                            coolDownSeconds: number;
                            restrictOn: string[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getAccountEgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where an account publishes from: its egress network, since when, and its changes */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        egress: {
                            accountId: number;
                            /** @description The network its jobs start from: the node's address as the control plane saw it at the node's connection (a trusted proxy's forwarded address with PLUME_TRUST_PROXY), IPv4 as /24, IPv6 as /48. null: no job of it has started from a known network yet */
                            network: string | null;
                            /** @description The node its last job started on */
                            nodeId: string | null;
                            /** @description Since when its jobs start from this network */
                            since: string | null;
                            /** @description Its newest change of network; null: never changed */
                            lastChange: {
                                /** @description When a job first started from the new network */
                                at: string;
                                /** @description The network before */
                                from: string;
                                /** @description The network after */
                                to: string;
                                /** @description The node of the last start from the old network */
                                fromNodeId: string | null;
                                /** @description The node of the start from the new one */
                                nodeId: string | null;
                                /** @description The job whose start showed the change */
                                jobId: string | null;
                            } | null;
                            /** @description Its changes of network, newest first (up to 20) */
                            changes: {
                                /** @description When a job first started from the new network */
                                at: string;
                                /** @description The network before */
                                from: string;
                                /** @description The network after */
                                to: string;
                                /** @description The node of the last start from the old network */
                                fromNodeId: string | null;
                                /** @description The node of the start from the new one */
                                nodeId: string | null;
                                /** @description The job whose start showed the change */
                                jobId: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listEnrollmentTokens: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only tokens in this state */
                state?: "pending" | "used" | "expired" | "revoked";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List enrollment tokens, newest first (never the tokens themselves) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @description net_…: names the token in lists and revocation; not the token itself */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            userIds: number[];
                            /** @description The node it makes serves every user (kind web) */
                            allUsers: boolean;
                            /**
                             * @description pending: usable until expiresAt; used: made nodeId; expired; revoked
                             * @enum {string}
                             */
                            state: "pending" | "used" | "expired" | "revoked";
                            /** @description The admin token that made it (bootstrap or adm_…) */
                            createdBy: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            expiresAt: string;
                            usedAt: string | null;
                            /** @description The node it made, once used */
                            nodeId: string | null;
                            machineId: string | null;
                            revokedAt: string | null;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createEnrollmentToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "edge" | "desktop" | "web";
                    /** @description The users the node will serve */
                    userIds?: number[];
                    /**
                     * @description Web nodes: serve every user instead of a list
                     * @enum {boolean}
                     */
                    allUsers?: true;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Create a single-use enrollment token for a node (shown once, valid 15 minutes) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description net_… */
                        id: string;
                        /** @description plmnode_…: shown this once */
                        token: string;
                        /** @enum {string} */
                        kind: "edge" | "desktop" | "web";
                        name: string;
                        userIds: number[];
                        allUsers: boolean;
                        /** @description ISO 8601 UTC */
                        expiresAt: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    revokeEnrollmentToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The enrollment token id (net_…), not the token itself */
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an enrollment token not used yet */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        token: {
                            /** @description net_…: names the token in lists and revocation; not the token itself */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            userIds: number[];
                            /** @description The node it makes serves every user (kind web) */
                            allUsers: boolean;
                            /**
                             * @description pending: usable until expiresAt; used: made nodeId; expired; revoked
                             * @enum {string}
                             */
                            state: "pending" | "used" | "expired" | "revoked";
                            /** @description The admin token that made it (bootstrap or adm_…) */
                            createdBy: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description ISO 8601 UTC */
                            expiresAt: string;
                            usedAt: string | null;
                            /** @description The node it made, once used */
                            nodeId: string | null;
                            machineId: string | null;
                            revokedAt: string | null;
                        };
                        alreadyRevoked: boolean;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listNodes: {
        parameters: {
            query?: {
                /** @description Only nodes in this status */
                status?: "active" | "draining" | "revoked";
                /** @description Only nodes of this kind */
                kind?: "edge" | "desktop" | "web";
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List execution nodes with live state: online, jobs in flight and queued, capabilities */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @description node_… */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            /**
                             * @description active: offered jobs; draining: finishes its jobs, gets no new ones; revoked: refused for good
                             * @enum {string}
                             */
                            status: "active" | "draining" | "revoked";
                            /** @description Connected, active, and heard from in the last 60 s */
                            online: boolean;
                            /** @description As the node last reported them on connecting (empty before its first connection) */
                            capabilities: {
                                /** @description 1: publishes local video files */
                                localVideoFile?: number;
                                /** @description 1: runs jobs with their frozen settings; a node without it gets no jobs */
                                publishSettingsSnapshot?: number;
                                chromiumVersion?: string;
                                /** @description Jobs it runs at once */
                                concurrency?: number;
                                /** @description Platform codes with an adapter */
                                platforms?: string[];
                                /** @description What the node runs: platform × content types, with the settings each adapter applies */
                                adapters?: {
                                    platform: string;
                                    contentTypes: ("article" | "dynamic" | "video")[];
                                    /** @description Settings fields this adapter applies */
                                    settings: string[];
                                }[];
                                /** @description Root of its video tree */
                                videoDir?: string;
                                /** @description Each adapter's last `plume-edge check` against the live site; a failed pair gets no jobs until a later check passes */
                                siteChecks?: {
                                    platform: string;
                                    /** @enum {string} */
                                    contentType: "article" | "dynamic" | "video";
                                    /** @enum {string} */
                                    status: "passed" | "failed";
                                    checkedAt: string;
                                    /** @description failed: the first step whose page no longer matched */
                                    step?: string;
                                    code?: string;
                                    message?: string;
                                }[];
                                /** @description 1: a web node that reports its accounts' browser state and takes accounts moved to it */
                                browserStates?: number;
                                /** @description Platforms whose login page the node opens for a relayed login (POST /api/admin/nodes/{nodeId}/logins) */
                                logins?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Bumped at each handshake; fences writes of older connections */
                            sessionEpoch: number;
                            /** @description The control-plane replica holding its socket */
                            connectedReplica: string | null;
                            connectedAt: string | null;
                            lastHeartbeatAt: string | null;
                            machineId: string | null;
                            /** @description What the node said of its machine at enrollment */
                            fingerprint: string | null;
                            /** @description The users it serves by name */
                            userIds: number[];
                            /** @description Serves every user besides those (web nodes only: the operator's web pool) */
                            allUsers: boolean;
                            /** @description Platform accounts on it */
                            accounts: number;
                            /** @description Jobs offered, accepted, running or committed on it */
                            jobsInFlight: number;
                            /** @description Jobs queued for it */
                            jobsQueued: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            revokedAt: string | null;
                        }[];
                        /** @description Nodes matching the filter, on every page */
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One node: live state, capabilities (adapters, site checks), its accounts and video inventory */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            /** @description node_… */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            /**
                             * @description active: offered jobs; draining: finishes its jobs, gets no new ones; revoked: refused for good
                             * @enum {string}
                             */
                            status: "active" | "draining" | "revoked";
                            /** @description Connected, active, and heard from in the last 60 s */
                            online: boolean;
                            /** @description As the node last reported them on connecting (empty before its first connection) */
                            capabilities: {
                                /** @description 1: publishes local video files */
                                localVideoFile?: number;
                                /** @description 1: runs jobs with their frozen settings; a node without it gets no jobs */
                                publishSettingsSnapshot?: number;
                                chromiumVersion?: string;
                                /** @description Jobs it runs at once */
                                concurrency?: number;
                                /** @description Platform codes with an adapter */
                                platforms?: string[];
                                /** @description What the node runs: platform × content types, with the settings each adapter applies */
                                adapters?: {
                                    platform: string;
                                    contentTypes: ("article" | "dynamic" | "video")[];
                                    /** @description Settings fields this adapter applies */
                                    settings: string[];
                                }[];
                                /** @description Root of its video tree */
                                videoDir?: string;
                                /** @description Each adapter's last `plume-edge check` against the live site; a failed pair gets no jobs until a later check passes */
                                siteChecks?: {
                                    platform: string;
                                    /** @enum {string} */
                                    contentType: "article" | "dynamic" | "video";
                                    /** @enum {string} */
                                    status: "passed" | "failed";
                                    checkedAt: string;
                                    /** @description failed: the first step whose page no longer matched */
                                    step?: string;
                                    code?: string;
                                    message?: string;
                                }[];
                                /** @description 1: a web node that reports its accounts' browser state and takes accounts moved to it */
                                browserStates?: number;
                                /** @description Platforms whose login page the node opens for a relayed login (POST /api/admin/nodes/{nodeId}/logins) */
                                logins?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Bumped at each handshake; fences writes of older connections */
                            sessionEpoch: number;
                            /** @description The control-plane replica holding its socket */
                            connectedReplica: string | null;
                            connectedAt: string | null;
                            lastHeartbeatAt: string | null;
                            machineId: string | null;
                            /** @description What the node said of its machine at enrollment */
                            fingerprint: string | null;
                            /** @description The users it serves by name */
                            userIds: number[];
                            /** @description Serves every user besides those (web nodes only: the operator's web pool) */
                            allUsers: boolean;
                            /** @description Platform accounts on it */
                            accounts: number;
                            /** @description Jobs offered, accepted, running or committed on it */
                            jobsInFlight: number;
                            /** @description Jobs queued for it */
                            jobsQueued: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            revokedAt: string | null;
                            accountList: {
                                id: number;
                                userId: number;
                                platform: string;
                                displayName: string;
                                externalRef: string | null;
                                loginState: string;
                            }[];
                            /** @description The video tree it last reported (files counted), or null before its first report */
                            inventory: {
                                files: number;
                                truncated: boolean;
                                /** @description ISO 8601 UTC */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    revokeNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke a node: its handshakes are refused and its socket closed on whichever replica holds it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            /** @description node_… */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            /**
                             * @description active: offered jobs; draining: finishes its jobs, gets no new ones; revoked: refused for good
                             * @enum {string}
                             */
                            status: "active" | "draining" | "revoked";
                            /** @description Connected, active, and heard from in the last 60 s */
                            online: boolean;
                            /** @description As the node last reported them on connecting (empty before its first connection) */
                            capabilities: {
                                /** @description 1: publishes local video files */
                                localVideoFile?: number;
                                /** @description 1: runs jobs with their frozen settings; a node without it gets no jobs */
                                publishSettingsSnapshot?: number;
                                chromiumVersion?: string;
                                /** @description Jobs it runs at once */
                                concurrency?: number;
                                /** @description Platform codes with an adapter */
                                platforms?: string[];
                                /** @description What the node runs: platform × content types, with the settings each adapter applies */
                                adapters?: {
                                    platform: string;
                                    contentTypes: ("article" | "dynamic" | "video")[];
                                    /** @description Settings fields this adapter applies */
                                    settings: string[];
                                }[];
                                /** @description Root of its video tree */
                                videoDir?: string;
                                /** @description Each adapter's last `plume-edge check` against the live site; a failed pair gets no jobs until a later check passes */
                                siteChecks?: {
                                    platform: string;
                                    /** @enum {string} */
                                    contentType: "article" | "dynamic" | "video";
                                    /** @enum {string} */
                                    status: "passed" | "failed";
                                    checkedAt: string;
                                    /** @description failed: the first step whose page no longer matched */
                                    step?: string;
                                    code?: string;
                                    message?: string;
                                }[];
                                /** @description 1: a web node that reports its accounts' browser state and takes accounts moved to it */
                                browserStates?: number;
                                /** @description Platforms whose login page the node opens for a relayed login (POST /api/admin/nodes/{nodeId}/logins) */
                                logins?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Bumped at each handshake; fences writes of older connections */
                            sessionEpoch: number;
                            /** @description The control-plane replica holding its socket */
                            connectedReplica: string | null;
                            connectedAt: string | null;
                            lastHeartbeatAt: string | null;
                            machineId: string | null;
                            /** @description What the node said of its machine at enrollment */
                            fingerprint: string | null;
                            /** @description The users it serves by name */
                            userIds: number[];
                            /** @description Serves every user besides those (web nodes only: the operator's web pool) */
                            allUsers: boolean;
                            /** @description Platform accounts on it */
                            accounts: number;
                            /** @description Jobs offered, accepted, running or committed on it */
                            jobsInFlight: number;
                            /** @description Jobs queued for it */
                            jobsQueued: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            revokedAt: string | null;
                            accountList: {
                                id: number;
                                userId: number;
                                platform: string;
                                displayName: string;
                                externalRef: string | null;
                                loginState: string;
                            }[];
                            /** @description The video tree it last reported (files counted), or null before its first report */
                            inventory: {
                                files: number;
                                truncated: boolean;
                                /** @description ISO 8601 UTC */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    drainNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Drain a node: it finishes the jobs it has and is offered no new ones */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            /** @description node_… */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            /**
                             * @description active: offered jobs; draining: finishes its jobs, gets no new ones; revoked: refused for good
                             * @enum {string}
                             */
                            status: "active" | "draining" | "revoked";
                            /** @description Connected, active, and heard from in the last 60 s */
                            online: boolean;
                            /** @description As the node last reported them on connecting (empty before its first connection) */
                            capabilities: {
                                /** @description 1: publishes local video files */
                                localVideoFile?: number;
                                /** @description 1: runs jobs with their frozen settings; a node without it gets no jobs */
                                publishSettingsSnapshot?: number;
                                chromiumVersion?: string;
                                /** @description Jobs it runs at once */
                                concurrency?: number;
                                /** @description Platform codes with an adapter */
                                platforms?: string[];
                                /** @description What the node runs: platform × content types, with the settings each adapter applies */
                                adapters?: {
                                    platform: string;
                                    contentTypes: ("article" | "dynamic" | "video")[];
                                    /** @description Settings fields this adapter applies */
                                    settings: string[];
                                }[];
                                /** @description Root of its video tree */
                                videoDir?: string;
                                /** @description Each adapter's last `plume-edge check` against the live site; a failed pair gets no jobs until a later check passes */
                                siteChecks?: {
                                    platform: string;
                                    /** @enum {string} */
                                    contentType: "article" | "dynamic" | "video";
                                    /** @enum {string} */
                                    status: "passed" | "failed";
                                    checkedAt: string;
                                    /** @description failed: the first step whose page no longer matched */
                                    step?: string;
                                    code?: string;
                                    message?: string;
                                }[];
                                /** @description 1: a web node that reports its accounts' browser state and takes accounts moved to it */
                                browserStates?: number;
                                /** @description Platforms whose login page the node opens for a relayed login (POST /api/admin/nodes/{nodeId}/logins) */
                                logins?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Bumped at each handshake; fences writes of older connections */
                            sessionEpoch: number;
                            /** @description The control-plane replica holding its socket */
                            connectedReplica: string | null;
                            connectedAt: string | null;
                            lastHeartbeatAt: string | null;
                            machineId: string | null;
                            /** @description What the node said of its machine at enrollment */
                            fingerprint: string | null;
                            /** @description The users it serves by name */
                            userIds: number[];
                            /** @description Serves every user besides those (web nodes only: the operator's web pool) */
                            allUsers: boolean;
                            /** @description Platform accounts on it */
                            accounts: number;
                            /** @description Jobs offered, accepted, running or committed on it */
                            jobsInFlight: number;
                            /** @description Jobs queued for it */
                            jobsQueued: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            revokedAt: string | null;
                            accountList: {
                                id: number;
                                userId: number;
                                platform: string;
                                displayName: string;
                                externalRef: string | null;
                                loginState: string;
                            }[];
                            /** @description The video tree it last reported (files counted), or null before its first report */
                            inventory: {
                                files: number;
                                truncated: boolean;
                                /** @description ISO 8601 UTC */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    resumeNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Resume a drained node: it is offered jobs again */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            /** @description node_… */
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            name: string;
                            /**
                             * @description active: offered jobs; draining: finishes its jobs, gets no new ones; revoked: refused for good
                             * @enum {string}
                             */
                            status: "active" | "draining" | "revoked";
                            /** @description Connected, active, and heard from in the last 60 s */
                            online: boolean;
                            /** @description As the node last reported them on connecting (empty before its first connection) */
                            capabilities: {
                                /** @description 1: publishes local video files */
                                localVideoFile?: number;
                                /** @description 1: runs jobs with their frozen settings; a node without it gets no jobs */
                                publishSettingsSnapshot?: number;
                                chromiumVersion?: string;
                                /** @description Jobs it runs at once */
                                concurrency?: number;
                                /** @description Platform codes with an adapter */
                                platforms?: string[];
                                /** @description What the node runs: platform × content types, with the settings each adapter applies */
                                adapters?: {
                                    platform: string;
                                    contentTypes: ("article" | "dynamic" | "video")[];
                                    /** @description Settings fields this adapter applies */
                                    settings: string[];
                                }[];
                                /** @description Root of its video tree */
                                videoDir?: string;
                                /** @description Each adapter's last `plume-edge check` against the live site; a failed pair gets no jobs until a later check passes */
                                siteChecks?: {
                                    platform: string;
                                    /** @enum {string} */
                                    contentType: "article" | "dynamic" | "video";
                                    /** @enum {string} */
                                    status: "passed" | "failed";
                                    checkedAt: string;
                                    /** @description failed: the first step whose page no longer matched */
                                    step?: string;
                                    code?: string;
                                    message?: string;
                                }[];
                                /** @description 1: a web node that reports its accounts' browser state and takes accounts moved to it */
                                browserStates?: number;
                                /** @description Platforms whose login page the node opens for a relayed login (POST /api/admin/nodes/{nodeId}/logins) */
                                logins?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Bumped at each handshake; fences writes of older connections */
                            sessionEpoch: number;
                            /** @description The control-plane replica holding its socket */
                            connectedReplica: string | null;
                            connectedAt: string | null;
                            lastHeartbeatAt: string | null;
                            machineId: string | null;
                            /** @description What the node said of its machine at enrollment */
                            fingerprint: string | null;
                            /** @description The users it serves by name */
                            userIds: number[];
                            /** @description Serves every user besides those (web nodes only: the operator's web pool) */
                            allUsers: boolean;
                            /** @description Platform accounts on it */
                            accounts: number;
                            /** @description Jobs offered, accepted, running or committed on it */
                            jobsInFlight: number;
                            /** @description Jobs queued for it */
                            jobsQueued: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            revokedAt: string | null;
                            accountList: {
                                id: number;
                                userId: number;
                                platform: string;
                                displayName: string;
                                externalRef: string | null;
                                loginState: string;
                            }[];
                            /** @description The video tree it last reported (files counted), or null before its first report */
                            inventory: {
                                files: number;
                                truncated: boolean;
                                /** @description ISO 8601 UTC */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listNodeUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users a node serves (and whether it serves all users) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            /** @enum {string} */
                            status: "active" | "draining" | "revoked";
                            /** @description Serves every user, present and future (web nodes only: the operator's web pool), besides those in userIds */
                            allUsers: boolean;
                            /** @description The users it serves by name */
                            userIds: number[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    addNodeUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userIds?: number[];
                    /** @enum {boolean} */
                    allUsers?: true;
                };
            };
        };
        responses: {
            /** @description Authorize an enrolled node for more users, or (web nodes) for all users */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            /** @enum {string} */
                            status: "active" | "draining" | "revoked";
                            /** @description Serves every user, present and future (web nodes only: the operator's web pool), besides those in userIds */
                            allUsers: boolean;
                            /** @description The users it serves by name */
                            userIds: number[];
                        };
                        /** @description Users served from now on that were not before */
                        added: number[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    removeNodeUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userIds?: number[];
                    /** @enum {boolean} */
                    allUsers?: true;
                };
            };
        };
        responses: {
            /** @description Stop a node serving some users, or (web nodes) all users but those it names */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        node: {
                            id: string;
                            /** @enum {string} */
                            kind: "edge" | "desktop" | "web";
                            /** @enum {string} */
                            status: "active" | "draining" | "revoked";
                            /** @description Serves every user, present and future (web nodes only: the operator's web pool), besides those in userIds */
                            allUsers: boolean;
                            /** @description The users it serves by name */
                            userIds: number[];
                        };
                        /** @description Users no longer served */
                        removed: number[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listJobEvidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A job's failure evidence: the failed step, a screenshot and the page HTML, per attempt */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: string;
                            /** @description The dispatch attempt it was taken in */
                            attemptId: string;
                            /** @description The step that failed */
                            step: string;
                            errorCode: string | null;
                            /** @description base64 PNG of the page as the node saw it, capped; null when the node took none */
                            screenshotPng: string | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            jobId: string;
                            nodeId: string;
                            /** @description The page's HTML, capped */
                            html: string | null;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    startNodeLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The node id (node_…) */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The Plume user the account is for */
                    userId: number;
                    platform: string;
                    /** @description The platform account id to log in (again); another account is refused. Absent: whichever account scans */
                    accountRef?: string;
                };
            };
        };
        responses: {
            /** @description Start a login of a user's platform account on a node (its login page relayed here) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        login: {
                            /** @description lgn_… */
                            id: string;
                            platform: string;
                            /**
                             * @description opening: asked of the node; running: its page is open; succeeded / failed: ended
                             * @enum {string}
                             */
                            state: "opening" | "running" | "succeeded" | "failed";
                            /** @description The last step the node reported (qr, scanned, needs_sms, needs_slider, succeeded, failed) */
                            step: {
                                [key: string]: unknown;
                            } | null;
                            /** @description succeeded: externalRef and displayName; failed: code (timeout, cancelled, sms_rejected, …) and message */
                            outcome: {
                                [key: string]: unknown;
                            } | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description The login ends `timeout` at this time whatever happens; earlier after 5 minutes without input */
                            expiresAt: string;
                            endedAt: string | null;
                            nodeId: string;
                            userId: number;
                            /** @description The account asked for; null: whichever account the platform names */
                            accountRef: string | null;
                            /** @description The last QR: `text` it encodes (null: unreadable), `purpose`, `shown` */
                            qr: {
                                [key: string]: unknown;
                            } | null;
                            createdBy: string;
                            /** @description The start or the last input: idle too long, the login ends `timeout` */
                            lastActivityAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getNodeLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The login id (lgn_…) */
                loginId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A relayed login's state, last step and outcome */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        login: {
                            /** @description lgn_… */
                            id: string;
                            platform: string;
                            /**
                             * @description opening: asked of the node; running: its page is open; succeeded / failed: ended
                             * @enum {string}
                             */
                            state: "opening" | "running" | "succeeded" | "failed";
                            /** @description The last step the node reported (qr, scanned, needs_sms, needs_slider, succeeded, failed) */
                            step: {
                                [key: string]: unknown;
                            } | null;
                            /** @description succeeded: externalRef and displayName; failed: code (timeout, cancelled, sms_rejected, …) and message */
                            outcome: {
                                [key: string]: unknown;
                            } | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description The login ends `timeout` at this time whatever happens; earlier after 5 minutes without input */
                            expiresAt: string;
                            endedAt: string | null;
                            nodeId: string;
                            userId: number;
                            /** @description The account asked for; null: whichever account the platform names */
                            accountRef: string | null;
                            /** @description The last QR: `text` it encodes (null: unreadable), `purpose`, `shown` */
                            qr: {
                                [key: string]: unknown;
                            } | null;
                            createdBy: string;
                            /** @description The start or the last input: idle too long, the login ends `timeout` */
                            lastActivityAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    cancelNodeLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The login id (lgn_…) */
                loginId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancel a relayed login: the node closes its browser, nothing is recorded */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        login: {
                            /** @description lgn_… */
                            id: string;
                            platform: string;
                            /**
                             * @description opening: asked of the node; running: its page is open; succeeded / failed: ended
                             * @enum {string}
                             */
                            state: "opening" | "running" | "succeeded" | "failed";
                            /** @description The last step the node reported (qr, scanned, needs_sms, needs_slider, succeeded, failed) */
                            step: {
                                [key: string]: unknown;
                            } | null;
                            /** @description succeeded: externalRef and displayName; failed: code (timeout, cancelled, sms_rejected, …) and message */
                            outcome: {
                                [key: string]: unknown;
                            } | null;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description The login ends `timeout` at this time whatever happens; earlier after 5 minutes without input */
                            expiresAt: string;
                            endedAt: string | null;
                            nodeId: string;
                            userId: number;
                            /** @description The account asked for; null: whichever account the platform names */
                            accountRef: string | null;
                            /** @description The last QR: `text` it encodes (null: unreadable), `purpose`, `shown` */
                            qr: {
                                [key: string]: unknown;
                            } | null;
                            createdBy: string;
                            /** @description The start or the last input: idle too long, the login ends `timeout` */
                            lastActivityAt: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    streamNodeLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The login id (lgn_…) */
                loginId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    sendNodeLoginInput: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The login id (lgn_…) */
                loginId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "click";
                    x: number;
                    y: number;
                } | {
                    /** @enum {string} */
                    type: "drag";
                    from: {
                        x: number;
                        y: number;
                    };
                    to: {
                        x: number;
                        y: number;
                    };
                } | {
                    /** @enum {string} */
                    type: "key";
                    key: string;
                } | {
                    /** @enum {string} */
                    type: "text";
                    text: string;
                } | {
                    /** @enum {string} */
                    type: "sms";
                    code: string;
                };
            };
        };
        responses: {
            /** @description On its way to the node */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listJobsAwaitingInput: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every user's jobs awaiting input now: what each platform asked and until when, the nearest deadline first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @description job_… */
                            job_id: string;
                            /** @description bat_… */
                            batch_id: string;
                            platform: string;
                            /**
                             * @description awaiting_input while the platform waits on a person; any other state: it resumed or ended
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
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
                            account_id: number;
                            /** @description The integrator user the job publishes for */
                            user_id: number;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getJobChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether a job awaits input, and what the platform asked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: {
                            /** @description job_… */
                            job_id: string;
                            /** @description bat_… */
                            batch_id: string;
                            platform: string;
                            /**
                             * @description awaiting_input while the platform waits on a person; any other state: it resumed or ended
                             * @enum {string}
                             */
                            state: "scheduled" | "queued" | "running" | "awaiting_input" | "verifying" | "needs_attention" | "succeeded" | "failed" | "canceled";
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
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    streamJobChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    sendJobInput: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "click";
                    x: number;
                    y: number;
                } | {
                    /** @enum {string} */
                    type: "drag";
                    from: {
                        x: number;
                        y: number;
                    };
                    to: {
                        x: number;
                        y: number;
                    };
                } | {
                    /** @enum {string} */
                    type: "key";
                    key: string;
                } | {
                    /** @enum {string} */
                    type: "text";
                    text: string;
                } | {
                    /** @enum {string} */
                    type: "sms";
                    code: string;
                };
            };
        };
        responses: {
            /** @description On its way to the node */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    getJobChallengeScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A job awaiting input: the page as it was when the platform asked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
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
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createConsoleInvite: {
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
                    /**
                     * @description admin (the default), viewer, or user
                     * @default admin
                     * @enum {string}
                     */
                    role?: "admin" | "viewer" | "user";
                    /** @description Required for role user (the integrator user the person acts as); refused for the other roles */
                    integratorUserId?: number;
                    /** @description A name to suggest; the person chooses theirs */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Invite a person to the console (the first admin): a single-use link, valid 7 days, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
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
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listAdminTokens: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description true: revoked tokens too */
                includeRevoked?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List admin tokens (never their secrets) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            scope: "read" | "write";
                            /** @description `bootstrap`, the id of the admin token that created it, or the email of the console admin who did */
                            createdBy: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    createAdminToken: {
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
                    /** @enum {string} */
                    scope: "read" | "write";
                };
            };
        };
        responses: {
            /** @description Create an admin token; the secret is in this answer only */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        token: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            scope: "read" | "write";
                            /** @description `bootstrap`, the id of the admin token that created it, or the email of the console admin who did */
                            createdBy: string;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                        /** @description Shown once */
                        secret: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    revokeAdminToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The admin token id (adm_…), not its secret */
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an admin token; it is refused from the next request on */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        tokenId: string;
                        /** @enum {boolean} */
                        revoked: true;
                        alreadyRevoked: boolean;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Rows per page, 1 to 500 */
                pageSize?: number;
                /** @description Only writes by this actor: `bootstrap`, an admin token id, or a console person's email */
                actor?: string;
                /** @description ISO 8601, inclusive; give both from and to */
                from?: string;
                /** @description ISO 8601, exclusive; give both from and to */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every admin write, with the token that made it (newest first) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            id: number;
                            /** @description `bootstrap`, an admin token id, or the email of a console person */
                            actor: string;
                            method: string;
                            path: string;
                            statusCode: number;
                            requestId: string;
                            detail: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). Codes: `INVALID_JSON` (400), `INVALID_REQUEST` (400), `INVALID_RANGE` (400), `UNSUPPORTED_MEDIA_TYPE` (415), `PAYLOAD_TOO_LARGE` (413), `ADMIN_UNAUTHORIZED` (401), `ADMIN_FORBIDDEN` (403), `CSRF_FAILED` (403), `NOT_FOUND` (404), `USER_NOT_FOUND` (404), `NODE_NOT_FOUND` (404), `ENROLLMENT_TOKEN_NOT_FOUND` (404), `WEBHOOK_DELIVERY_NOT_FOUND` (404), `PROJECT_NOT_FOUND` (404), `DEVICE_NOT_FOUND` (404), `CODE_NOT_FOUND` (404), `TOKEN_NOT_FOUND` (404), `VERSION_BAN_NOT_FOUND` (404), `JOB_NOT_FOUND` (404), `ACCOUNT_NOT_FOUND` (404), `PACING_RULE_NOT_FOUND` (404), `PROJECT_EXISTS` (409), `VERSION_BAN_EXISTS` (409), `USER_EXISTS` (409), `ACCOUNT_REMOVED` (409), `NODE_REVOKED` (409), `NODE_KIND_NOT_WEB` (409), `ENROLLMENT_TOKEN_USED` (409), `WEBHOOK_ALREADY_DELIVERED` (409), `DEPRECATED_FIELD` (400), `INVALID_SETTINGS` (400), `JOB_NOT_RESOLVABLE` (409), `JOB_NODE_REVOKED` (409), `NODE_OFFLINE` (409), `NODE_USER_NOT_SERVED` (403), `LOGIN_PLATFORM_UNSUPPORTED` (409), `LOGIN_NOT_FOUND` (404), `LOGIN_ENDED` (409), `JOB_NOT_AWAITING_INPUT` (409). */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
            /** @description The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: `ADMIN_DISABLED` (503), `INTERNAL` (500), `SERVICE_UNAVAILABLE` (503). */
            "5XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFailure"];
                };
            };
        };
    };
}

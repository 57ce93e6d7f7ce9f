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
         * Log in: sets the session cookie (a new session every time) and answers the CSRF token; with two-factor login on, answers 202 and a pending login instead
         * @description Wrong email and wrong password answer the same 401 invalid_credentials. Repeated failures for an email or from an address answer 429 login_throttled with Retry-After (at most 15 minutes). A person with two-factor login on gets 202 and no cookie: send the pendingLogin with a code to POST /api/console/auth/login/totp within 5 minutes. No session needed.
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
    "/api/console/auth/login/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The second step of a login with two-factor login on: the code for the pending login sets the session cookie
         * @description A code is accepted once (the same code again answers 401 invalid_code), as is each recovery code. Wrong codes count in the login throttle like wrong passwords (429 login_throttled with Retry-After). An expired or completed pending login answers 401 login_expired: log in with the password again. No session needed.
         */
        post: operations["loginTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the signed-in person has two-factor login on, and how many recovery codes are left
         * @description Any signed-in person.
         */
        get: operations["getTotp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up two-factor login: a new secret to add to an authenticator app (nothing changes until a code confirms it)
         * @description The password is checked like a login (401 invalid_credentials, throttled). Starting again replaces the unconfirmed secret. 409 totp_already_enabled when it is on. Any signed-in person.
         */
        post: operations["setUpTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor login on with a code of the new secret; answers the recovery codes, once
         * @description A wrong code answers 401 invalid_code and leaves it off; 409 totp_not_enabled when no setup was started. Any signed-in person.
         */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/totp/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes for a current code; the previous ones stop working
         * @description Any signed-in person.
         */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/auth/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor login off: needs the password and a current code (or a recovery code)
         * @description 401 invalid_credentials for a wrong password, 401 invalid_code for a wrong code; both count in the login throttle. Any signed-in person.
         */
        post: operations["disableTotp"];
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
    "/api/console/users/{id}/totp/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a person's two-factor login off (a lost authenticator): they log in with their password alone until they set it up again
         * @description Their secret, recovery codes and pending logins are deleted; their sessions go on. Role admin only.
         */
        post: operations["resetConsoleUserTotp"];
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
         * Your API keys, revoked ones included (never the keys themselves), and the permissions your plan allows a new key
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
         * Your publish batches, newest first, with their job counts; filtered by state, creation time and request id
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
    "/api/console/me/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your batches with its jobs: per-account state, feedback, the post, the error
         * @description The batch as GET /api/openapi/v1/publish/{batch_id} answers it, and how many pieces of failure evidence each job has (GET /me/jobs/{jobId}/evidence). Another integrator's batch answers 404 like an unknown one. Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/jobs/{jobId}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a node saw when one of your jobs failed: the step and a screenshot, per attempt
         * @description Empty when the job has none. Another integrator's job answers 404 like an unknown one. Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyJobEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your platform accounts and CMS sites with their executor, node and login state
         * @description Resolved as GET /api/openapi/v1/accounts resolves them. Sorted by id; the page groups them by executor and node. Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your imported and generated articles, newest first, with their provenance and AI label
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyArticles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/generation-tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your article generation tasks, newest first, with their state, article or error
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyGenerationTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your publish quota per bucket (web, desktop, edge, cms) and your request limits with this minute's and today's counts
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/accounts/{accountId}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log one of your platform accounts in again on its node: the node opens the login page and relays it here
         * @description Watch it with GET /me/logins/{loginId}/events and answer with POST /me/logins/{loginId}/input. 409 node_offline when the node is not connected; 409 login_unavailable for a CMS site, an account without a node, or a node that opens no login page for the platform; 409 too_many_logins when you already have 3 logins open. Only the account the platform names as this one is accepted. Role user only (an integrator); acts on their own data.
         */
        post: operations["startMyAccountLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/logins/{loginId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your logins: its state, last step and outcome
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyLogin"];
        put?: never;
        post?: never;
        /**
         * Cancel one of your logins: the node closes its browser, nothing is recorded (again: no change)
         * @description Role user only (an integrator); acts on their own data.
         */
        delete: operations["cancelMyLogin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/logins/{loginId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your logins' page and steps, as Server-Sent Events
         * @description text/event-stream. `state` (data: the login as GET /me/logins/{loginId} answers it, first and after every step), `qr` (data: {text, purpose, shown}: what the QR on the page encodes), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG; width × height are the page pixels a click is in). The stream ends after the state that ends the login. Role user only (an integrator); acts on their own data.
         */
        get: operations["streamMyLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/logins/{loginId}/input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer one of your logins: a click, a key, typed text or the SMS code
         * @description click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft); text: typed into the focused field; sms: the code needs_sms asks for. 409 login_ended once it has ended. Role user only (an integrator); acts on their own data.
         */
        post: operations["sendMyLoginInput"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/login-nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The nodes that can log a new account of yours in now, with the platforms each opens a login page for
         * @description Only nodes that serve you, are connected and active (not draining), and open at least one login page; sorted as enrolled. What POST /me/logins accepts, as of this answer. Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyLoginNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/logins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log a new platform account of yours in on a node: the node opens the platform's login page and relays it here
         * @description Whichever account logs in on the page becomes yours on that node (one you already have there is logged in again). Watch it with GET /me/logins/{loginId}/events, answer with POST /me/logins/{loginId}/input, cancel with DELETE /me/logins/{loginId}. 404 node_not_found for a node that does not serve you (as for an unknown one); 409 node_revoked, node_offline (not connected, or draining), login_platform_unsupported (the node opens no login page for the platform), too_many_logins (you already have 3 logins open). Role user only (an integrator); acts on their own data.
         */
        post: operations["startMyNewLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/jobs/awaiting-input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your jobs awaiting input now: what each platform asked and until when, the nearest deadline first
         * @description At most 200. Answer each on its live page: GET /me/jobs/{jobId}/challenge/events and POST /me/jobs/{jobId}/input. Role user only (an integrator); acts on their own data.
         */
        get: operations["listMyJobsAwaitingInput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/jobs/{jobId}/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your jobs: whether it awaits input, and what the platform asked
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyJobChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/jobs/{jobId}/challenge/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your jobs awaiting input: its state and its live page, as Server-Sent Events
         * @description text/event-stream. `state` (data: the job as GET /me/jobs/{jobId}/challenge answers it, first and after every change), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG, a few a second at most; width × height are the page pixels a click is in). The stream ends once the job awaits input no more (it resumed or ended); for a job not awaiting input it is one `state` event. Role user only (an integrator); acts on their own data.
         */
        get: operations["streamMyJobChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/jobs/{jobId}/input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer one of your jobs awaiting input: a click, a key, typed text or the SMS code, to its page only
         * @description click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft); text: typed into the focused field; sms: the code of an `sms` challenge. Once the platform takes the answer the job resumes. An answer given while the node holding the page is reconnecting is kept and typed in once it is back; answers arrive in the order they were given. 409 job_not_awaiting_input when it waits on no one (it resumed, ended, or its deadline passed). Role user only (an integrator); acts on their own data.
         */
        post: operations["sendMyJobInput"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/jobs/{jobId}/challenge/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your jobs awaiting input: the page as it was when the platform asked
         * @description The PNG the node took when it met the challenge, base64 in JSON. 409 job_not_awaiting_input when the job waits on no one; 404 not_found also when the node sent no picture. Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyJobChallengeScreenshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/accounts/{accountId}/pacing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your accounts' pacing: your override, its platform's default, and where it stands
         * @description effective is the rule that applies (your override's fields over the platform's default), how many jobs started today in its zone, and when its next job may start and why not sooner. Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyAccountPacing"];
        /**
         * Set one of your accounts' pacing override (its fields win over the platform's default)
         * @description Replaces your override. Its jobs start at most one at a time, minGapSeconds (+ up to jitterSeconds) after the last start, fewer than dailyCap a day, outside quietHours, all in timeZone; a job that may not start yet waits queued and says until when and why. Applies from the next start. 400 validation_failed for a time that is not HH:MM or a zone the server does not know. Role user only (an integrator); acts on their own data.
         */
        put: operations["setMyAccountPacing"];
        post?: never;
        /**
         * Remove one of your accounts' pacing override (its platform's default applies)
         * @description 404 not_found when the account has no override. Role user only (an integrator); acts on their own data.
         */
        delete: operations["removeMyAccountPacing"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/accounts/{accountId}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your platform accounts' health: its state, since when, until when it cools down, and its newest signals
         * @description What GET /api/openapi/v1/accounts shows as health, with the evidence: each signal's time, kind, job and what the platform said. Changes are also announced by the account.health_changed webhook. Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyAccountHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your scheduled jobs whose publish time falls in a range, oldest due first
         * @description Jobs in state scheduled (accepted with publishAt, not due yet) with their account, platform, batch and title, for a calendar. A job that became due is queued and leaves the calendar. 400 validation_failed for a range that is empty, reversed or longer than 42 days. Role user only (an integrator); acts on their own data.
         */
        get: operations["listMySchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/batches/{batchId}/jobs/{jobId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel one of your scheduled jobs before it starts; its quota unit is given back
         * @description As POST /api/openapi/v1/publish/{batch_id}/jobs/{job_id}/cancel: only a job created with publishAt that has not been offered to its executor. Idempotent: a job already canceled answers the batch as it is. 409 job_not_scheduled when it started or ended. Answers the batch. Role user only (an integrator); acts on their own data.
         */
        post: operations["cancelMyScheduledJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/batches/{batchId}/jobs/{jobId}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move one of your scheduled jobs to another publish time before it starts
         * @description As POST /api/openapi/v1/publish/{batch_id}/jobs/{job_id}/reschedule: only a job created with publishAt that has not been offered to its executor; it keeps its lateness window. publishAt: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z, at most 30 days ahead (400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far). Idempotent. 409 job_not_scheduled when it started or ended. Answers the batch. Role user only (an integrator); acts on their own data.
         */
        post: operations["rescheduleMyJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/me/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Is everything all right with your publishing: your jobs of the last 24 hours by hour, outcome, platform and error code; your nodes; your accounts needing a login or cooling; your webhook backlog; your quota
         * @description Role user only (an integrator); acts on their own data.
         */
        get: operations["getMyOverview"];
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
                /** @description Stable code to branch on; one of: validation_failed, invalid_json, password_too_weak, not_authenticated, invalid_credentials, invalid_code, login_expired, csrf_failed, forbidden, not_found, node_not_found, email_taken, totp_already_enabled, totp_not_enabled, already_delivered, node_offline, login_unavailable, login_ended, node_revoked, login_platform_unsupported, too_many_logins, job_not_awaiting_input, job_not_scheduled, publish_at_invalid, publish_at_in_past, publish_at_too_far, invite_invalid, payload_too_large, unsupported_media_type, login_throttled, internal_error, service_unavailable */
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
            /** @description Two-factor login (TOTP) is on: a login needs a code after the password */
            totpEnabled: boolean;
        };
        /** @description A person who logs in to the console, as the list of people shows them. */
        ListedConsoleUser: {
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
            /** @description Two-factor login (TOTP) is on: a login needs a code after the password */
            totpEnabled: boolean;
            /** @description The name of the integrator user of integratorUserId; else null */
            integratorName: string | null;
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
            /** @description Log in: sets the session cookie (a new session every time) and answers the CSRF token; with two-factor login on, answers 202 and a pending login instead */
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
            /** @description Log in: sets the session cookie (a new session every time) and answers the CSRF token; with two-factor login on, answers 202 and a pending login instead */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description What the login still needs: a TOTP code or a recovery code
                         * @enum {string}
                         */
                        secondFactor: "totp";
                        /** @description pcp_…: send it back with the code; only its SHA-256 is kept */
                        pendingLogin: string;
                        /** @description 5 minutes after the password was checked */
                        expiresAt: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                        /** @description The email the person logs in with; null on the setup link, where the person gives it */
                        email: string | null;
                        /** @enum {string} */
                        role: "admin" | "viewer" | "user";
                        /** @description The name the inviter suggested, if any */
                        name: string | null;
                        /** @description The one-time setup link printed at a start with no console admin: it creates the first admin */
                        setup: boolean;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                    /**
                     * Format: email
                     * @description Only on the setup link (the invite says setup: true): the first admin's email
                     */
                    email?: string;
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    loginTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The pendingLogin of the login's 202 answer */
                    pendingLogin: string;
                    /** @description The 6 digits the authenticator app shows now, or an unused recovery code (xxxxx-xxxxx) */
                    code: string;
                };
            };
        };
        responses: {
            /** @description The second step of a login with two-factor login on: the code for the pending login sets the session cookie */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the signed-in person has two-factor login on, and how many recovery codes are left */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        enabledAt: string | null;
                        recoveryCodesLeft: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    setUpTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Start setting up two-factor login: a new secret to add to an authenticator app (nothing changes until a code confirms it) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The secret in base32, to type into an app that cannot scan */
                        secret: string;
                        /** @description otpauth://totp/… (SHA-1, 6 digits, 30 s), what the QR code holds */
                        otpauthUri: string;
                        /** @description The otpauth URI as a QR code, an SVG document */
                        qrSvg: string;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6 digits the authenticator app shows now */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Turn two-factor login on with a code of the new secret; answers the recovery codes, once */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Single-use codes for when the authenticator is not at hand; shown this once, only their SHA-256 is kept */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6 digits the authenticator app shows now, or an unused recovery code (xxxxx-xxxxx) */
                    code: string;
                };
            };
        };
        responses: {
            /** @description New recovery codes for a current code; the previous ones stop working */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Single-use codes for when the authenticator is not at hand; shown this once, only their SHA-256 is kept */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    disableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description The 6 digits the authenticator app shows now, or an unused recovery code (xxxxx-xxxxx) */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Two-factor login is off; the recovery codes are gone */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                        users: components["schemas"]["ListedConsoleUser"][];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    resetConsoleUserTotp: {
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
            /** @description Turn a person's two-factor login off (a lost authenticator): they log in with their password alone until they set it up again */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Your API keys, revoked ones included (never the keys themselves), and the permissions your plan allows a new key */
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
                            /** @description The first characters of the key, to tell it from the others */
                            keyPrefix: string;
                            permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description About when (written at most once a minute) */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                        /** @description What your plan allows a key: a new key gets all of them unless it names fewer */
                        planPermissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                            /** @description The first characters of the key, to tell it from the others */
                            keyPrefix: string;
                            permissions: ("publish" | "accounts:read" | "articles:write" | "cms")[];
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description About when (written at most once a minute) */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                            /** @description plm_…: shown in this answer only; only its SHA-256 is kept */
                            key: string;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                            /** @description The first characters of the key, to tell it from the others */
                            keyPrefix: string;
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
                status?: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                /** @description Created at or after this instant (ISO 8601, or a date: midnight UTC) */
                from?: string;
                /** @description Created before this instant (ISO 8601, or a date: midnight UTC) */
                to?: string;
                /** @description Only the batches the publish call with this X-Request-Id created */
                requestId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your publish batches, newest first, with their job counts; filtered by state, creation time and request id */
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
                            /**
                             * @description Derived from the jobs, as GET /api/openapi/v1/publish/{batch_id} answers it
                             * @enum {string}
                             */
                            status: "scheduled" | "queued" | "running" | "succeeded" | "failed" | "partial" | "canceled";
                            /** @description article, dynamic or video */
                            contentType: string;
                            /** @description web, desktop or edge */
                            executor: string;
                            /** @description X-Request-Id of the publish call that created it */
                            requestId: string;
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch id (bat_…) */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One of your batches with its jobs: per-account state, feedback, the post, the error */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The batch with one entry per account */
                        batch: {
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
                        /** @description job_… → how many pieces of evidence it has; jobs with none are absent */
                        evidence: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMyJobEvidence: {
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
            /** @description What a node saw when one of your jobs failed: the step and a screenshot, per attempt */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        evidence: {
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
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMyAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your platform accounts and CMS sites with their executor, node and login state */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: {
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
                            platformName: string;
                            /** @description Where the account publishes (fixed routing) */
                            executor: ("web" | "desktop" | "edge") | null;
                            /** @description The node holding the account's browser profile; null for CMS sites and accounts without a node */
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
                            } | null;
                            /** @description Able to publish at least one content type now */
                            publishable: boolean;
                            /** @description Why not, when not publishable */
                            reasons: {
                                /** @enum {string} */
                                code: "unknown_platform" | "content_type_not_supported" | "executor_not_supported" | "platform_unsupported_by_node" | "content_type_unsupported_by_node" | "node_adapters_unreported" | "not_paired" | "logged_out" | "login_unknown" | "no_node" | "node_not_authorized" | "node_revoked" | "site_check_failed" | "web_node_unavailable" | "license_exhausted" | "license_expired" | "license_revoked";
                                message: string;
                            }[];
                            /** @description The content types it can publish now (its platform takes them and its node runs them) */
                            contentTypes: ("article" | "dynamic" | "video")[];
                            /** @description A login can be started now (POST /me/accounts/{accountId}/login): its node is online and opens a login page for the platform */
                            canLogIn: boolean;
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMyArticles: {
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
            /** @description Your imported and generated articles, newest first, with their provenance and AI label */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        articles: {
                            /** @description art_… */
                            articleId: string;
                            title: string;
                            /** @enum {string} */
                            source: "import" | "generation";
                            /** @enum {string} */
                            contentProvenance: "human" | "ai_assisted" | "ai_generated";
                            aigc: {
                                /** @description Platforms must show an AI-content label */
                                labelRequired: boolean;
                                /** @description The label to show, e.g. "AI-generated text"; empty when none is required */
                                displayLabel: string;
                                /** @description The text is AI-generated or AI-assisted */
                                text: boolean;
                                /** @description Some images are AI-generated */
                                images: boolean;
                            };
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMyGenerationTasks: {
        parameters: {
            query?: {
                /** @description Rows per page, 1 to 200 */
                limit?: number;
                /** @description Rows to skip, 0 to 1,000,000 */
                offset?: number;
                /** @description Only tasks in this state */
                status?: "queued" | "running" | "done" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your article generation tasks, newest first, with their state, article or error */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            /** @description gen_… */
                            taskId: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            topic: string;
                            /** @enum {string} */
                            style: "informative" | "narrative" | "persuasive" | "casual" | "technical";
                            wordCount: number;
                            /** @description ISO 8601 UTC */
                            createdAt: string;
                            /** @description When done: the article it made */
                            article: {
                                articleId: string;
                                title: string;
                                aigc: {
                                    /** @description Platforms must show an AI-content label */
                                    labelRequired: boolean;
                                    /** @description The label to show, e.g. "AI-generated text"; empty when none is required */
                                    displayLabel: string;
                                    /** @description The text is AI-generated or AI-assisted */
                                    text: boolean;
                                    /** @description Some images are AI-generated */
                                    images: boolean;
                                } | null;
                            } | null;
                            /** @description When failed: why */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your publish quota per bucket (web, desktop, edge, cms) and your request limits with this minute's and today's counts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        buckets: {
                            /** @enum {string} */
                            bucket: "web" | "desktop" | "edge" | "cms";
                            granted: number;
                            /** @description One unit per job published or in progress; a failed job gives its unit back */
                            used: number;
                            remaining: number;
                            /** @description Jobs of this bucket not yet ended: their units are held */
                            inFlight: number;
                        }[];
                        /** @description Open API requests, all your keys together */
                        requests: {
                            perMinute: {
                                limit: number;
                                /** @description Requests counted in this window by every replica; reserved but unused ones included, so at or a little above those answered */
                                counted: number;
                                /** @description ISO 8601 UTC */
                                resetsAt: string;
                            };
                            /** @description The UTC day */
                            daily: {
                                limit: number;
                                /** @description Requests counted in this window by every replica; reserved but unused ones included, so at or a little above those answered */
                                counted: number;
                                /** @description ISO 8601 UTC */
                                resetsAt: string;
                            };
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    startMyAccountLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id (from GET /me/accounts): a positive integer */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Log one of your platform accounts in again on its node: the node opens the login page and relays it here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyLogin: {
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
            /** @description One of your logins: its state, last step and outcome */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    cancelMyLogin: {
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
            /** @description Cancel one of your logins: the node closes its browser, nothing is recorded (again: no change) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    streamMyLogin: {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    sendMyLoginInput: {
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
            /** @description Answer one of your logins: a click, a key, typed text or the SMS code */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMyLoginNodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The nodes that can log a new account of yours in now, with the platforms each opens a login page for */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: {
                            /** @description node_… */
                            id: string;
                            name: string;
                            /**
                             * @description edge: a Linux server of yours; desktop: the desktop application; web: the operator's pool
                             * @enum {string}
                             */
                            kind: "edge" | "desktop" | "web";
                            /** @description The platforms whose login page the node opens, in the catalog's order */
                            platforms: {
                                /**
                                 * @description The code to send as `platform`
                                 * @enum {string}
                                 */
                                platform: "douyin" | "xiaohongshu" | "bilibili" | "weibo" | "toutiao" | "kuaishou" | "zhihu" | "baijiahao" | "sohu" | "netease" | "qiehao" | "dayu" | "yidian" | "wechat_mp" | "eastmoney" | "dongchedi" | "autohome" | "yiche" | "csdn" | "juejin" | "jianshu" | "youtube";
                                platformName: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    startMyNewLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A node of GET /me/login-nodes */
                    nodeId: string;
                    /**
                     * @description One of the platforms GET /me/login-nodes lists for the node
                     * @enum {string}
                     */
                    platform: "douyin" | "xiaohongshu" | "bilibili" | "weibo" | "toutiao" | "kuaishou" | "zhihu" | "baijiahao" | "sohu" | "netease" | "qiehao" | "dayu" | "yidian" | "wechat_mp" | "eastmoney" | "dongchedi" | "autohome" | "yiche" | "csdn" | "juejin" | "jianshu" | "youtube";
                };
            };
        };
        responses: {
            /** @description Log a new platform account of yours in on a node: the node opens the platform's login page and relays it here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMyJobsAwaitingInput: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your jobs awaiting input now: what each platform asked and until when, the nearest deadline first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyJobChallenge: {
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
            /** @description One of your jobs: whether it awaits input, and what the platform asked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    streamMyJobChallenge: {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    sendMyJobInput: {
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
            /** @description Answer one of your jobs awaiting input: a click, a key, typed text or the SMS code, to its page only */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyJobChallengeScreenshot: {
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
            /** @description One of your jobs awaiting input: the page as it was when the platform asked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyAccountPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id (from GET /me/accounts): a positive integer */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One of your accounts' pacing: your override, its platform's default, and where it stands */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    setMyAccountPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id (from GET /me/accounts): a positive integer */
                accountId: string;
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
            /** @description Set one of your accounts' pacing override (its fields win over the platform's default) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    removeMyAccountPacing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id (from GET /me/accounts): a positive integer */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove one of your accounts' pacing override (its platform's default applies) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyAccountHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id (from GET /me/accounts): a positive integer */
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One of your platform accounts' health: its state, since when, until when it cools down, and its newest signals */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
                            /** @description Its newest signals (up to 20, newest first), counted or not */
                            signals: {
                                /** @description challenge, session_expired, publish_rejected, challenge_required, egress_changed, or what a node reports (restriction_banner, …) */
                                kind: string;
                                /** @description control_plane, or node: what the account's page showed the node */
                                source: string;
                                /** @description ISO 8601 UTC */
                                at: string;
                                /** @description The job it happened in, when one */
                                jobId: string | null;
                                errorCode: string | null;
                                /** @description What the platform said or the page showed (secrets and others' paths redacted) */
                                message: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    listMySchedule: {
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
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your scheduled jobs whose publish time falls in a range, oldest due first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    cancelMyScheduledJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch id (bat_…) */
                batchId: string;
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancel one of your scheduled jobs before it starts; its quota unit is given back */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The batch with one entry per account */
                        batch: {
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
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    rescheduleMyJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch id (bat_…) */
                batchId: string;
                /** @description The job id (job_…) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new publish time: an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z */
                    publishAt: string;
                };
            };
        };
        responses: {
            /** @description Move one of your scheduled jobs to another publish time before it starts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The batch with one entry per account */
                        batch: {
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
            };
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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
    getMyOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Is everything all right with your publishing: your jobs of the last 24 hours by hour, outcome, platform and error code; your nodes; your accounts needing a login or cooling; your webhook backlog; your quota */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
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
            /** @description Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). Codes: `validation_failed` (400), `invalid_json` (400), `password_too_weak` (400), `not_authenticated` (401), `invalid_credentials` (401), `invalid_code` (401), `login_expired` (401), `csrf_failed` (403), `forbidden` (403), `not_found` (404), `node_not_found` (404), `email_taken` (409), `totp_already_enabled` (409), `totp_not_enabled` (409), `already_delivered` (409), `node_offline` (409), `login_unavailable` (409), `login_ended` (409), `node_revoked` (409), `login_platform_unsupported` (409), `too_many_logins` (409), `job_not_awaiting_input` (409), `job_not_scheduled` (409), `publish_at_invalid` (400), `publish_at_in_past` (422), `publish_at_too_far` (422), `invite_invalid` (410), `payload_too_large` (413), `unsupported_media_type` (415), `login_throttled` (429). */
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

/**
 * Request and response schemas of the publish endpoints: they validate the
 * requests and feed the OpenAPI document. Bodies are strict, so a misspelt
 * field (accountId, platformSetting) is a 400 instead of silently ignored
 * settings.
 */
import { PACING_REASONS } from '../pacing/pacing.repository.js';
import { HEALTH_HOLD_REASONS } from '../../accounts/health/health-sql.js';
import { CHALLENGE_KINDS, CONTENT_TYPES, EXECUTORS, INPUT_TIMEOUT_LIMITS, ON_CHALLENGE, SETTINGS_CONTRACTS, SETTINGS_MODES } from '@plume/shared';
import { z } from 'zod';
import { QUOTA_BUCKETS } from '../../integrators/integrators.schema.js';
import { IGNORED_SETTING_REASONS } from './ignored-settings.js';
import { UNPUBLISHABLE_REASONS } from '../../accounts/account-resolution.js';
import {
  PUBLISH_AT_DESCRIPTION,
  PUBLISH_WINDOW_DESCRIPTION,
  PUBLISH_WINDOW_MAX_S,
  PUBLISH_WINDOW_MIN_S,
} from '../schedule/schedule-input.js';

export const MAX_TARGETS = 50;
export const DYNAMIC_MAX_CONTENT = 2000;
/**
 * The most pictures any platform's dynamic takes, as the settings contract states each
 * (douyin's 35): the body refuses more, and preflight then holds each account to its own
 * platform's limit (content_limit_exceeded), so no platform is capped below what it takes.
 */
export const DYNAMIC_MAX_IMAGES = Math.max(...Object.values(SETTINGS_CONTRACTS.dynamic.platforms).map((p) => p.limits.maxImages ?? 0));

const accountIds = z
  .array(z.number().int().positive().max(2 ** 31 - 1))
  .min(1)
  .max(MAX_TARGETS)
  .refine((ids) => new Set(ids).size === ids.length, 'accountIds must not repeat an account')
  .describe('Integer account ids from GET /accounts; one job per account');

const settingsObject = z.record(z.string(), z.unknown());

const settingsFields = {
  settingsMode: z
    .enum(SETTINGS_MODES)
    .optional()
    .describe('account (default): account preset, then platformSettings, then accountSettings. custom: presets are ignored.'),
  platformSettings: z
    .record(z.string().min(1).max(64), settingsObject)
    .optional()
    .describe('Settings keyed by platform code (see GET /publish/settings); apply to this task only'),
  accountSettings: z
    .record(z.string().regex(/^[1-9]\d{0,9}$/), settingsObject, {
      error: (issue) => (issue.code === 'invalid_key' ? 'accountSettings is keyed by integer account ids from GET /accounts' : undefined),
    })
    .optional()
    .describe('Settings keyed by account id; override platformSettings for that account'),
};

const recheckFields = {
  preflightHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'preflightHash is the preflight_hash a preflight answered')
    .optional()
    .describe('preflight_hash from POST /publish/preflight; if content, settings or route changed since, the answer is 409 preflight_mismatch'),
  settingsContractVersion: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('settings_contract_version the request was built against; another than the current one answers 409 settings_contract_outdated'),
};

/** Checked before the schema (publish.routes.ts checkSchedule), so that their wrong types have their own codes too. */
export const scheduleFields = {
  publishAt: z.string().max(64).optional().describe(PUBLISH_AT_DESCRIPTION),
  publishWindow: z.number().int().min(PUBLISH_WINDOW_MIN_S).max(PUBLISH_WINDOW_MAX_S).optional().describe(PUBLISH_WINDOW_DESCRIPTION),
};

/** What a challenge the platform raises before the publish does to the job (frozen into it). */
export const challengeFields = {
  onChallenge: z
    .enum(ON_CHALLENGE)
    .optional()
    .describe(
      'When a platform asks something before the publish (an SMS code, a slider, an identity check): `wait` pauses the job as awaiting_input until a person answers (the console, or POST /jobs/{job_id}/input); `fail` fails it at once with challenge_required and gives its unit back. Default: wait when a webhook is configured (you hear of it at once), else fail.',
    ),
  inputTimeout: z
    .number()
    .int()
    .min(INPUT_TIMEOUT_LIMITS.minMs / 1000)
    .max(INPUT_TIMEOUT_LIMITS.maxMs / 1000)
    .optional()
    .describe(`Seconds a job awaiting input waits for the answer before it fails input_timeout (default ${INPUT_TIMEOUT_LIMITS.defaultMs / 1000})`),
};

const executor = z.enum(EXECUTORS).describe('Must be the executor GET /accounts resolves for every account (fixed routing)');

export const articlePublishBody = z.strictObject({
  articleId: z.string().min(1).max(200).describe('art_… from POST /articles or a finished generation task'),
  executor,
  accountIds,
  ...settingsFields,
  ...recheckFields,
  ...scheduleFields,
  ...challengeFields,
});

const localPath = z.string().min(1).max(1024);

export const dynamicPublishBody = z.strictObject({
  executor,
  accountIds,
  content: z.string().min(1).max(DYNAMIC_MAX_CONTENT).regex(/\S/, 'content must not be blank').describe(`Text of the dynamic, at most ${DYNAMIC_MAX_CONTENT} characters`),
  images: z
    .array(localPath)
    .max(DYNAMIC_MAX_IMAGES)
    .optional()
    .describe('Absolute local image paths on the executing machine, with the same rules as video paths (edge: under PLUME_EDGE_VIDEO_DIR/<userId>/; desktop: paths of the operating system the desktop reports, Windows when it reports none)'),
  ...settingsFields,
  ...recheckFields,
  ...scheduleFields,
  ...challengeFields,
});

const deprecatedUrl = z
  .string()
  .nullable()
  .optional()
  .meta({ deprecated: true })
  .describe('Deprecated: any non-empty value is refused with 422 deprecated_field; use local paths');

export const videoPublishBody = z.strictObject({
  executor: z.enum(['edge', 'desktop']).describe('edge or desktop; executor=web is not supported for video'),
  accountIds,
  title: z.string().min(1).max(200).regex(/\S/, 'title must not be blank'),
  localVideoPath: localPath.describe('Absolute path on the executing machine (edge: under PLUME_EDGE_VIDEO_DIR/<userId>/; desktop: a path of the operating system the desktop reports, Windows when it reports none). The file must already be there.'),
  coverImagePath: localPath.optional().describe('Absolute local cover image path, same rules as localVideoPath'),
  platforms: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(30)
    .optional()
    .describe('Optional guard: platform codes this request is meant for; every account must be on one of them'),
  videoUrl: deprecatedUrl,
  coverImageUrl: deprecatedUrl,
  ...settingsFields,
  ...recheckFields,
  ...scheduleFields,
  ...challengeFields,
});

export const preflightBody = z.discriminatedUnion('contentType', [
  articlePublishBody.extend({ contentType: z.literal('article') }),
  dynamicPublishBody.extend({ contentType: z.literal('dynamic') }),
  videoPublishBody.extend({ contentType: z.literal('video') }),
]);

export type ArticlePublishBody = z.infer<typeof articlePublishBody>;
export type DynamicPublishBody = z.infer<typeof dynamicPublishBody>;
export type VideoPublishBody = z.infer<typeof videoPublishBody>;
export type PreflightBody = z.infer<typeof preflightBody>;

// ---------------------------------------------------------------- responses

const problem = z.object({
  code: z.string().describe('The error code the formal publish would answer with'),
  message: z.string(),
  account_id: z.number().int().nullable(),
});

/** Why a queued job waits for its account's pace; null otherwise. */
export const jobPacingField = z
  .object({
    not_before: z
      .string()
      .nullable()
      .describe("The earliest its account's next job may start (a job behind others of the same account starts later still); null: restricted, until an admin clears the account"),
    reason: z
      .enum([...PACING_REASONS, ...HEALTH_HOLD_REASONS])
      .describe(
        "min_gap: too soon after the account's last start; daily_cap: the account's starts for the day are used; quiet_hours: the account's quiet hours; cooling: the account's health is cooling (too many signals of trouble lately) until not_before; restricted: the account's health is restricted (GET /accounts `health`)",
      ),
  })
  .nullable()
  .describe("Set while the job is queued and its account's pacing or health holds it");

export const preflightResponse = z.object({
  valid: z.boolean().describe('Parameters and executor checks pass; not a promise that publishing will succeed'),
  content_type: z.enum(CONTENT_TYPES),
  executor: z.enum(EXECUTORS),
  settings_contract_version: z.string(),
  preflight_hash: z.string().describe('Send as preflightHash with the formal publish (and drop contentType)'),
  targets: z.array(
    z.object({
      account_id: z.number().int(),
      platform: z.string(),
      executor: z.enum(EXECUTORS),
      node_id: z.string().nullable(),
      publishable: z.boolean(),
      unpublishable_reasons: z
        .array(z.enum(UNPUBLISHABLE_REASONS))
        .describe("Empty when publishable; else why not, with the reasons GET /accounts gives (the problem account_not_publishable says the same in words)"),
      executor_online: z.boolean(),
      quota_bucket: z.enum(QUOTA_BUCKETS),
      quota_ok: z.boolean(),
      settings_mode: z.enum(SETTINGS_MODES),
      settings_source: z.array(z.enum(['preset', 'platform', 'account'])).describe('Layers that contributed at least one field, in merge order'),
      field_sources: z.record(z.string(), z.enum(['preset', 'platform', 'account', 'default'])),
      effective_settings: z.record(z.string(), z.unknown()).describe('What the job will be frozen with'),
      settings_hash: z.string(),
      ignored_settings: z
        .array(
          z.object({
            setting: z.string().describe('A key of effective_settings'),
            reason: z.enum(IGNORED_SETTING_REASONS).describe("no_control: the target's executor has no control for it on this platform"),
            message: z.string(),
          }),
        )
        .describe(
          "Settings the target's executor does not apply on its platform (for example aiLabel where the platform has no AI label): the job is published without them. Listed when a layer set them or their value is not the contract default. They do not make valid false.",
        ),
      pacing: jobPacingField.describe("The account's pacing or health holds its next job until not_before (an estimate: jobs of the account already queued go first; null with restricted: until an operator clears it); null: it may start as soon as its executor has a slot"),
      may_ask: z
        .array(z.enum(CHALLENGE_KINDS))
        .describe(
          'What the platform is known to ask in the middle of a publish (sms, slider, captcha, identity, dialog), as the account\'s node records it: with onChallenge wait the job then awaits input, with fail it fails challenge_required. Empty: none recorded.',
        ),
      problems: z.array(problem),
    }),
  ),
  quota: z.array(z.object({ bucket: z.enum(QUOTA_BUCKETS), needed: z.number().int(), remaining: z.number().int(), ok: z.boolean() })),
  problems: z.array(problem).describe('Why valid is false: account publishability, executor online, quota'),
  awaiting_verification: z
    .array(z.object({ code: z.string(), message: z.string(), account_ids: z.array(z.number().int()) }))
    .describe('Checked only at execution time (files, image format and size, account permission, control selection, cover adoption)'),
}).describe('The preflight result (nothing was enqueued and no quota used)');

const publishAtField = z.string().nullable().describe('When a scheduled job is due (UTC); null: published at once');
const publishDeadlineField = z.string().nullable().describe('publish_at + publishWindow: not started by then, the job fails schedule_missed and gives its unit back; null when not scheduled');

export const publishResponse = z.object({
  batch_id: z.string().describe('bat_…; poll GET /publish/{batch_id}'),
  content_type: z.enum(CONTENT_TYPES),
  executor: z.enum(EXECUTORS),
  state: z.enum(['queued', 'scheduled']).describe('scheduled when the request had publishAt'),
  settings_contract_version: z.string(),
  publish_at: publishAtField,
  jobs: z.array(
    z.object({
      job_id: z.string(),
      account_id: z.number().int(),
      platform: z.string(),
      executor: z.enum(EXECUTORS),
      state: z.enum(['queued', 'scheduled']),
      settings_hash: z.string().describe('SHA-256 of the canonical JSON of the frozen settings'),
      publish_at: publishAtField,
      publish_deadline: publishDeadlineField,
    }),
  ),
}).describe('The batch was created and its jobs queued (or scheduled, with publishAt); poll GET /publish/{batch_id}');
export type PublishResponse = z.infer<typeof publishResponse>;

/** What a job awaiting input waits on; null otherwise. */
export const jobChallengeField = z
  .object({
    kind: z.enum(CHALLENGE_KINDS).describe('sms: a code sent to the account\'s phone; slider: a slider or puzzle; captcha: a picture or text captcha; identity: an identity check; dialog: an unknown dialog blocking the next control'),
    step: z.string().describe('The publish step that was blocked (upload, fill, publish…)'),
    message: z.string().describe('What the page asks, in the platform\'s words where they could be read'),
    asked_at: z.string(),
    deadline: z.string().describe('After this the job fails input_timeout and its unit is given back'),
    screenshot_url: z.string().describe('GET it (same key) for a PNG of the page as it was asked'),
  })
  .nullable()
  .describe('Set while the job is awaiting_input');

/** Why a queued job waits for its next attempt; null otherwise. */
export const jobRetryField = z
  .object({
    attempt: z.number().int().describe('The attempt that failed (1 for the first)'),
    error: z
      .object({ code: z.string().describe('Stable, as a failed job\'s error.code (cms_unreachable, cover_timeout, …)'), message: z.string() })
      .describe('Why that attempt failed; the job fails with this code if its last attempt fails the same way'),
    next_attempt_at: z.string().describe('The earliest the next attempt starts (UTC); it may start later when the executor is busy'),
  })
  .nullable()
  .describe('Set while the job is queued again after a failed attempt that published nothing, waiting for its next attempt (CMS jobs); null otherwise. error stays null meanwhile: the job may still succeed.');

export const BATCH_STATES = ['scheduled', 'queued', 'running', 'succeeded', 'failed', 'partial', 'canceled'] as const;
export const PUBLIC_JOB_STATES = ['scheduled', 'queued', 'running', 'awaiting_input', 'verifying', 'needs_attention', 'succeeded', 'failed', 'canceled'] as const;

export const batchResponse = z.object({
  batch_id: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  executor: z.enum(EXECUTORS),
  article_id: z.string().nullable(),
  state: z
    .enum(BATCH_STATES)
    .describe('Terminal: succeeded, failed, partial, canceled (every job canceled). Stop polling there. scheduled: every job waits for its publish_at (or was canceled); queued: nothing started yet.'),
  request_id: z.string().describe('X-Request-Id of the publish call'),
  created_at: z.string(),
  publish_at: z.string().nullable().describe('The earliest publish_at of the jobs still scheduled; null when none is'),
  jobs: z.array(
    z.object({
      job_id: z.string(),
      account_id: z.number().int(),
      platform: z.string(),
      state: z
        .enum(PUBLIC_JOB_STATES)
        .describe(
          'scheduled: waits for publish_at (cancel or move it until it starts). awaiting_input: the platform asked something (an SMS code, a slider, an identity check) before the publish; a person answers it (POST /jobs/{job_id}/input, or the console) before `challenge.deadline`, or the job fails input_timeout and its unit is given back. canceled: canceled before it started; its unit was given back. verifying: the outcome of a started publish is being looked up on the platform. needs_attention: a person decides (an operator resolves it as succeeded, failed or queued again); the batch stays running until then. failed: nothing was published and the quota unit was given back.',
        ),
      feedback: z.object({ message: z.string().nullable(), step: z.string().nullable() }).nullable(),
      platform_status: z.string().nullable(),
      platform_post_id: z.string().nullable(),
      platform_url: z.string().nullable(),
      verified_at: z.string().nullable(),
      error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why the job failed or needs attention; null while it may still succeed (a job waiting to retry has its last failure in retry)'),
      settings_hash: z.string(),
      publish_at: publishAtField,
      publish_deadline: publishDeadlineField,
      challenge: jobChallengeField,
      pacing: jobPacingField,
      retry: jobRetryField,
    }),
  ),
}).describe('The batch with one entry per account');

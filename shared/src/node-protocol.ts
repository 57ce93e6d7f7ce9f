/**
 * The node protocol (v1) between the control plane and its executors (the
 * `plume-edge` daemon, the Windows desktop app): the signed texts of enroll
 * and connect, and one zod catalog per direction of the WebSocket messages.
 * Each side turns raw JSON into a typed message in exactly one place
 * (decodeNodeMessage on the control plane, decodeControlMessage on a node);
 * anything that does not parse closes the socket with NODE_CLOSE.badMessage.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ID_PATTERNS, idFormatHint } from './ids.js';
import { sign } from './ed25519.js';
import { toBase64Url, utf8 } from './encoding.js';
import { CONTENT_TYPES } from './platforms.js';

export const NODE_PROTOCOL_VERSION = 1 as const;

export const NODE_PATHS = {
  enroll: '/api/nodes/v1/enroll',
  connect: '/api/nodes/v1/connect',
  /** Signed like connect, opens no session: `plume-edge doctor` asks whether its key is accepted. */
  identity: '/api/nodes/v1/identity',
} as const;

/** Handshake headers (lowercase, as Node.js presents them). */
export const NODE_HEADERS = {
  nodeId: 'x-plume-node-id',
  timestamp: 'x-plume-timestamp',
  nonce: 'x-plume-nonce',
  signature: 'x-plume-signature',
} as const;

/** WebSocket close codes the control plane uses (4000-4999 are application codes). */
export const NODE_CLOSE = {
  /** Unparsable or unknown message: a bug on the sender, never retried as is. */
  badMessage: 4400,
  /** The node was revoked; reconnecting is refused. */
  revoked: 4403,
  /** No hello within the allowed time. */
  helloTimeout: 4408,
  /** A newer session of the same node exists (possibly on another replica). */
  superseded: 4409,
  /** Protocol version not spoken by this control plane. */
  protocolVersion: 4426,
  /** The control plane is shutting down; reconnect (to another replica). */
  goingAway: 1001,
} as const;

// ---------------------------------------------------------------- signed texts

export interface NodeRequestInput {
  nodeId: string;
  /** Decimal Unix seconds, the same string as the X-Plume-Timestamp header. */
  timestamp: string;
  nonce: string;
}

/** The connect handshake, in the style of LICENSE-V2-PROOF. Lines joined by "\n". */
export function nodeConnectMessage(i: NodeRequestInput): string {
  return ['PLUME-NODE-V1-CONNECT', 'GET', NODE_PATHS.connect, i.nodeId, i.timestamp, i.nonce].join('\n');
}

/** Same shape for the identity check; the path keeps one signature from serving as the other. */
export function nodeIdentityMessage(i: NodeRequestInput): string {
  return ['PLUME-NODE-V1-IDENTITY', 'GET', NODE_PATHS.identity, i.nodeId, i.timestamp, i.nonce].join('\n');
}

export interface NodeEnrollInput {
  /** Lowercase hex SHA-256 of the enrollment token (the token itself is never signed in clear). */
  tokenSha256: string;
  /** base64url 32-byte Ed25519 public key. */
  publicKey: string;
  machineId: string;
}

/** Proof of possession at enroll. */
export function nodeEnrollMessage(i: NodeEnrollInput): string {
  return ['PLUME-NODE-V1-ENROLL', i.tokenSha256, i.publicKey, i.machineId].join('\n');
}

/**
 * The four handshake headers for a connect (or identity) request, signed with
 * the node's 32-byte seed. A fresh 18-byte nonce per call; `nowMs` is the
 * node's clock (the control plane accepts ±300 s).
 */
export async function signedNodeHeaders(o: {
  nodeId: string;
  secretKey: Uint8Array;
  path?: (typeof NODE_PATHS)['connect' | 'identity'];
  nowMs?: number;
}): Promise<Record<string, string>> {
  const timestamp = String(Math.floor((o.nowMs ?? Date.now()) / 1000));
  const nonce = `n_${randomBytes(18).toString('base64url')}`;
  const input = { nodeId: o.nodeId, timestamp, nonce };
  const message = o.path === NODE_PATHS.identity ? nodeIdentityMessage(input) : nodeConnectMessage(input);
  const signature = toBase64Url(await sign(utf8(message), o.secretKey));
  return {
    [NODE_HEADERS.nodeId]: o.nodeId,
    [NODE_HEADERS.timestamp]: timestamp,
    [NODE_HEADERS.nonce]: nonce,
    [NODE_HEADERS.signature]: signature,
  };
}

/**
 * Known answers under the test-only seed 0x01..0x20 (the license vectors'
 * device key). Never edit a literal to make a test pass: a mismatch means one
 * side changed the wire contract.
 */
export const NODE_PROTOCOL_VECTORS = {
  secretKey: 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA',
  publicKey: 'ebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ',
  connect: {
    input: { nodeId: 'node_vector', timestamp: '1767225600', nonce: 'n_0123456789abcdef' },
    message: 'PLUME-NODE-V1-CONNECT\nGET\n/api/nodes/v1/connect\nnode_vector\n1767225600\nn_0123456789abcdef',
    signature: '2jmzSKTIDjfAaHE60DZWukuzAc7H9A8iZH4BlNgkiCM6tJsSly8PUZDK8sa1duCzzmPrXHlHoN9PKQul9QKYAg',
  },
  enroll: {
    /** sha256 of this token is input.tokenSha256. */
    token: 'plmnode_vector-token',
    input: {
      tokenSha256: '3141946edcf9593c8574cc228f2162d5357b5b49ffc17b9bfd06e2f5ddaa5b96',
      publicKey: 'ebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ',
      machineId: 'machine-vector',
    },
    message:
      'PLUME-NODE-V1-ENROLL\n3141946edcf9593c8574cc228f2162d5357b5b49ffc17b9bfd06e2f5ddaa5b96\nebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ\nmachine-vector',
    signature: '9dlWJXNGtma1xvgWK-hvkqqpfBxIaVouB2ZggQLn5dhftSDL584ILKqciWU0lkGU-tXPiHE_zfIaLp277tElCA',
  },
} as const;

// ---------------------------------------------------------------- shared shapes

const id = (max = 128) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, "_", ".", ":" and "-" only');
const attemptId = z.string().regex(ID_PATTERNS.attempt, idFormatHint('attempt'));
const msgId = id(128);
const shortText = (max: number) => z.string().max(max);

/** Evidence is capped so one failure cannot exhaust a replica's memory or the socket. */
export const EVIDENCE_LIMITS = { screenshotBase64Chars: 1_400_000, htmlChars: 512 * 1024 } as const;
/** More files than this are reported as truncated. */
export const INVENTORY_MAX_FILES = 10_000;
/** ws maxPayload on both sides: the largest message is a full inventory or a result with evidence. */
export const NODE_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * An account's login state as its node knows it. `unsupported_platform`: the node has no adapter
 * for the account's platform, so it can neither check the login nor publish there. It is newer
 * than the others: a node reports it only to a control plane whose welcome lists it in
 * `loginStates`, and `unknown` to one that predates it.
 */
export const LOGIN_STATES = ['logged_in', 'logged_out', 'unknown', 'unsupported_platform'] as const;
export type LoginState = (typeof LOGIN_STATES)[number];
/** The login states every control plane accepts (those of a welcome without `loginStates`). */
export const BASE_LOGIN_STATES: readonly LoginState[] = ['logged_in', 'logged_out', 'unknown'];

/** The state a node reports for `state` to a control plane that accepts `accepted` (its welcome's `loginStates`). */
export function reportedLoginState(state: LoginState, accepted: readonly string[] | undefined): LoginState {
  return (accepted ?? BASE_LOGIN_STATES).includes(state) ? state : 'unknown';
}

export const nodeAccountSchema = z.object({
  externalRef: z.string().min(1).max(200).regex(/^[A-Za-z0-9_.@-]+$/, 'account refs are letters, digits, "_", ".", "@" and "-"'),
  platform: z.string().min(1).max(64),
  displayName: shortText(200),
  loginState: z.enum(LOGIN_STATES),
  /** Which of the node's users owns the account; required when the node serves more than one user. */
  userId: z.number().int().positive().optional(),
});
export type NodeAccount = z.infer<typeof nodeAccountSchema>;

/**
 * An account's browser state as Playwright exports it (`context.storageState()`):
 * the cookies and each origin's localStorage that make up a login. Web nodes
 * send it (`storage_state`) so the control plane can seal it, and receive it
 * (`account_state`) when an account moves to them; no other executor does.
 */
export const storageStateSchema = z.object({
  cookies: z
    .array(
      z.object({
        name: z.string(),
        value: z.string(),
        domain: z.string(),
        path: z.string(),
        expires: z.number(),
        httpOnly: z.boolean(),
        secure: z.boolean(),
        sameSite: z.enum(['Strict', 'Lax', 'None']),
      }),
    )
    .max(5000),
  origins: z.array(z.object({ origin: z.url(), localStorage: z.array(z.object({ name: z.string(), value: z.string() })) })).max(500),
});
export type StorageState = z.infer<typeof storageStateSchema>;

/**
 * What a platform may ask in the middle of a publish, before the commit gate:
 * - sms: a verification code sent to the account's phone (短信验证码);
 * - slider: a slider or puzzle to drag (滑块);
 * - captcha: a picture or text captcha, or a captcha frame of another kind;
 * - identity: an identity check page or dialog (身份验证, 安全验证) with no code field of its own;
 * - dialog: an unknown modal blocking the control the adapter needs next.
 */
export const CHALLENGE_KINDS = ['sms', 'slider', 'captcha', 'identity', 'dialog'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

/**
 * One adapter a node runs: the platform, the content types it publishes
 * there, and the settings fields (shared settings contract names) it applies.
 * A field of a job's settings outside `settings` has no control on that
 * platform and is not applied; the control plane tells the integrator so at
 * preflight (node-adapters.ts).
 */
export const adapterReportSchema = z.object({
  platform: z.string().min(1).max(64),
  contentTypes: z.array(z.enum(CONTENT_TYPES)).min(1).max(CONTENT_TYPES.length),
  settings: z.array(z.string().min(1).max(64)).max(64),
  /**
   * The challenges the platform is recorded to put in front of a publish there (the adapter's
   * facts, with sources): an integrator running unattended may choose to fail fast on them.
   */
  challenges: z.array(z.enum(CHALLENGE_KINDS)).max(CHALLENGE_KINDS.length).optional(),
});
export type AdapterReport = z.infer<typeof adapterReportSchema>;

/**
 * The last conclusive `plume-edge check` of one (platform, content type) on a
 * node: the adapter ran against the live site up to, not including, the publish
 * click. `failed` names the first step whose page no longer matched; the control
 * plane treats that pair as not publishable on the node until a later check passes.
 */
export const SITE_CHECK_STATUSES = ['passed', 'failed'] as const;
export const siteCheckSchema = z.object({
  platform: z.string().min(1).max(64),
  contentType: z.enum(['article', 'dynamic', 'video']),
  status: z.enum(SITE_CHECK_STATUSES),
  /** ISO 8601. */
  checkedAt: z.string().min(1).max(40),
  /** failed: the step that no longer matched, the adapter's error code and message. */
  step: shortText(100).optional(),
  code: shortText(100).optional(),
  message: shortText(1000).optional(),
});
export type SiteCheck = z.infer<typeof siteCheckSchema>;
/** One entry per (platform, content type): 22 platforms × 3 types fit with room. */
export const SITE_CHECKS_MAX = 256;

export const capabilitiesSchema = z.object({
  localVideoFile: z.number().int().min(0).max(1),
  /** 1 = runs jobs with their frozen settings; anything else gets no jobs. */
  publishSettingsSnapshot: z.number().int().min(0).max(1000),
  chromiumVersion: shortText(100).optional(),
  concurrency: z.number().int().min(1).max(64),
  /** Platform codes with an adapter. Kept for control planes that predate `adapters`. */
  platforms: z.array(z.string().min(1).max(64)).max(64),
  /**
   * What the node can run, as (platform × content types) with the settings
   * each adapter applies. Optional so that nodes which predate it still
   * connect; the control plane then routes nothing to them that it cannot
   * prove they run (node-adapters.ts).
   */
  adapters: z.array(adapterReportSchema).max(64).optional(),
  /** Root of the video tree (edge nodes; a desktop reads the folders its person allows and names none). */
  videoDir: shortText(4096).optional(),
  /** The operating system of a desktop node: the control plane checks its jobs' local paths by its rules. */
  os: z.enum(['windows', 'macos', 'linux']).optional(),
  /** Each adapter's last site check (`plume-edge check`), kept apart from what the adapters support. */
  siteChecks: z.array(siteCheckSchema).max(SITE_CHECKS_MAX).optional(),
  /**
   * Platforms whose login page the node can open for a relayed login (login_open). Absent on
   * nodes that predate relayed logins: the control plane then starts none on them.
   */
  logins: z.array(z.string().min(1).max(64)).max(64).optional(),
  /**
   * 1: a web node that sends its accounts' browser state (`storage_state`, when the welcome
   * offers `browserStates`) and takes an account moved to it with `account_state`. Only such a
   * node receives accounts from the web pool.
   */
  browserStates: z.number().int().min(0).max(1).optional(),
});
export type NodeCapabilitiesReport = z.infer<typeof capabilitiesSchema>;

export const JOB_PHASES = ['offered', 'accepted', 'running', 'committing', 'committed', 'interrupted'] as const;
export const activeJobSchema = z.object({ jobId: id(), attemptId, phase: z.enum(JOB_PHASES) });
export type ActiveJob = z.infer<typeof activeJobSchema>;
const activeJobs = z.array(activeJobSchema).max(256);

export const jobErrorSchema = z.object({ code: z.string().min(1).max(100), step: shortText(100), message: shortText(2000) });
export const evidenceSchema = z.object({
  step: shortText(100),
  screenshotPng: z.string().max(EVIDENCE_LIMITS.screenshotBase64Chars).optional(),
  html: z.string().max(EVIDENCE_LIMITS.htmlChars).optional(),
});

/**
 * What the platform showed about the account's standing, read by the node during a job: a
 * restriction (the account may not publish, is muted or banned) or a warning (a strike,
 * limited reach, a post held for a violation). Each is a recorded sign the node matched
 * (adapters/kit/standing-facts.ts), never a guess: the control plane counts it as a health
 * signal of the job's account (`restriction_banner` restricts it under the default rule).
 */
export const ACCOUNT_SIGNAL_KINDS = ['restriction_banner', 'warning_banner'] as const;
export type AccountSignalKind = (typeof ACCOUNT_SIGNAL_KINDS)[number];
export const ACCOUNT_SIGNALS_MAX = 5;
export const accountSignalSchema = z.object({
  kind: z.enum(ACCOUNT_SIGNAL_KINDS),
  /** Where it showed: the publish page or the platform's answer to the publish (`publish`), or a page of the creator centre (`page`). */
  where: z.enum(['publish', 'page']),
  /** The recorded sign it matched (a text, or a code of the platform's answer). */
  sign: shortText(200).min(1),
  /** What the page or answer said around it, as read (trimmed). */
  text: shortText(500).min(1),
});
export type AccountSignal = z.infer<typeof accountSignalSchema>;

// ---------------------------------------------------------------- a person in the loop

/** What a job does when it meets a challenge: fail at once (`challenge_required`) or wait for a person. */
export const ON_CHALLENGE = ['fail', 'wait'] as const;
export type OnChallenge = (typeof ON_CHALLENGE)[number];
/** Bounds of how long a job waits for an answer (the default is the control plane's). */
export const INPUT_TIMEOUT_LIMITS = { minMs: 30_000, maxMs: 24 * 3_600_000, defaultMs: 10 * 60_000 } as const;

/** A job's challenge rule, frozen at creation. Absent (control planes before it): fail. */
export const jobChallengeRuleSchema = z.object({
  mode: z.enum(ON_CHALLENGE),
  /** How long the job waits for an answer; the control plane fails it `input_timeout` after that. */
  timeoutMs: z.number().int().min(INPUT_TIMEOUT_LIMITS.minMs).max(INPUT_TIMEOUT_LIMITS.maxMs),
});
export type JobChallengeRule = z.infer<typeof jobChallengeRuleSchema>;

/** What a node needs to run (or verify) a job: everything frozen at creation. */
export const jobSpecSchema = z.object({
  userId: z.number().int().positive(),
  platform: z.string().min(1).max(64),
  contentType: z.enum(['article', 'dynamic', 'video']),
  account: z.object({ id: z.number().int(), externalRef: z.string().max(200).nullable(), displayName: shortText(200) }),
  payload: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  settingsHash: z.string().max(200),
  settingsContractVersion: z.string().max(100),
  /** ISO 8601 creation time: the lower bound of a verification's time window. */
  createdAt: z.string().max(40),
  /**
   * The X-Request-Id of the publish call that created the job, for the node's
   * logs. Optional: control planes before it did not send it, and nodes before
   * it drop it (unknown fields are stripped, never refused).
   */
  requestId: z.string().max(128).optional(),
  /** Whether a challenge before the commit gate waits for a person; absent: it fails the job. */
  challenge: jobChallengeRuleSchema.optional(),
});
export type JobSpec = z.infer<typeof jobSpecSchema>;

// ---------------------------------------------------------------- relayed logins

/**
 * A relayed login: the control plane asks a node to open a platform's login page (login_open),
 * the node streams the page (login_frame) and the login flow's steps (login_event), and the
 * person at the console answers through login_input until the flow ends (succeeded, failed) or
 * the control plane stops it (login_cancel).
 */
export const loginIdSchema = z.string().regex(ID_PATTERNS.login, idFormatHint('login'));
/**
 * Bounds of the screencast: a frame is JPEG, at most this many base64 characters (a bigger one
 * is dropped, not sent), and a node sends at most `maxPerSecond` frames a second.
 */
export const LOGIN_FRAME_LIMITS = { base64Chars: 256 * 1024, maxPerSecond: 3, maxEdgePx: 1024 } as const;

export const loginInputSchema = z.discriminatedUnion('type', [
  /** A click at (x, y) in the page's CSS pixels (the frame's width × height). */
  z.object({ type: z.literal('click'), x: z.number().min(0).max(10_000), y: z.number().min(0).max(10_000) }),
  /** A drag (press at `from`, move to `to`, release), in the same pixels: what a slider asks of a person. */
  z.object({
    type: z.literal('drag'),
    from: z.object({ x: z.number().min(0).max(10_000), y: z.number().min(0).max(10_000) }),
    to: z.object({ x: z.number().min(0).max(10_000), y: z.number().min(0).max(10_000) }),
  }),
  /** One key press, in Playwright's names (Enter, Backspace, Tab, ArrowLeft, a, …). */
  z.object({ type: z.literal('key'), key: z.string().min(1).max(32).regex(/^[A-Za-z0-9+]+$|^.$/, 'a key name (Enter, Tab, ArrowLeft, Control+a) or one character') }),
  /** Text typed into the focused field. */
  z.object({ type: z.literal('text'), text: z.string().min(1).max(1000) }),
  /** The answer to needs_sms. */
  z.object({ type: z.literal('sms'), code: z.string().min(1).max(16).regex(/^[A-Za-z0-9]+$/, 'an SMS code is letters and digits') }),
]);
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginEventSchema = z.discriminatedUnion('type', [
  /** A QR to scan, as the text it encodes (null when unreadable: the frames show it). */
  z.object({ type: z.literal('qr'), text: z.string().max(2000).nullable(), purpose: z.enum(['login', 'admin_scan']), shown: z.number().int().min(1) }),
  z.object({ type: z.literal('scanned') }),
  z.object({ type: z.literal('needs_sms'), attempt: z.number().int().min(1), refused: z.boolean() }),
  z.object({ type: z.literal('needs_slider') }),
  /** Logged in and recorded on the node (the node reports its accounts right after). */
  z.object({ type: z.literal('succeeded'), externalRef: z.string().min(1).max(200), displayName: shortText(200) }),
  z.object({ type: z.literal('failed'), code: z.string().min(1).max(100), message: shortText(1000) }),
]);
export type LoginEventReport = z.infer<typeof loginEventSchema>;

// ---------------------------------------------------------------- node → control plane

const ref = { jobId: id(), attemptId };

export const nodeMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    v: z.number().int(),
    nodeId: id(),
    capabilities: capabilitiesSchema,
    accounts: z.array(nodeAccountSchema).max(1000),
    activeJobs,
  }),
  z.object({ type: z.literal('heartbeat'), activeJobs }),
  z.object({ type: z.literal('accept'), ...ref }),
  z.object({ type: z.literal('reject'), ...ref, reason: shortText(500).optional() }),
  z.object({ type: z.literal('commit'), ...ref }),
  z.object({
    type: z.literal('progress'),
    msgId,
    ...ref,
    seq: z.number().int().min(0),
    step: shortText(100),
    bytesSent: z.number().int().min(0).optional(),
    bytesTotal: z.number().int().min(0).optional(),
  }),
  z.object({
    type: z.literal('result'),
    msgId,
    ...ref,
    outcome: z.enum(['succeeded', 'failed']),
    postId: shortText(500).optional(),
    url: shortText(2000).optional(),
    error: jobErrorSchema.optional(),
    evidence: evidenceSchema.optional(),
    /** The account's standing as the platform showed it during the attempt (either outcome); absent when nothing was seen. */
    signals: z.array(accountSignalSchema).max(ACCOUNT_SIGNALS_MAX).optional(),
  }),
  z.object({
    type: z.literal('verify_result'),
    msgId,
    ...ref,
    found: z.boolean(),
    postId: shortText(500).optional(),
    url: shortText(2000).optional(),
    /** Posts that matched; more than one means a person must decide which is this job's. */
    candidates: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('accounts'), accounts: z.array(nodeAccountSchema).max(1000) }),
  /**
   * Web nodes, to a control plane whose welcome offers `browserStates`: the account's browser state
   * after a login or a job changed it. The control plane keeps it sealed, for the account's next web node.
   */
  z.object({
    type: z.literal('storage_state'),
    externalRef: nodeAccountSchema.shape.externalRef,
    /** The account's owner, as in `accounts`; checked against the account the control plane knows. */
    userId: z.number().int().positive().optional(),
    state: storageStateSchema,
  }),
  /** The node's whole list of last site checks, sent when one changed (a check ran in the daemon or the CLI). */
  z.object({ type: z.literal('site_checks'), checks: z.array(siteCheckSchema).max(SITE_CHECKS_MAX) }),
  z.object({
    type: z.literal('inventory'),
    files: z.array(z.object({ path: shortText(4096), size: z.number().int().min(0), mtime: z.number().int().min(0) })).max(INVENTORY_MAX_FILES),
    truncated: z.boolean(),
  }),
  z.object({
    type: z.literal('login_frame'),
    loginId: loginIdSchema,
    seq: z.number().int().min(0),
    /** base64 JPEG. */
    jpeg: z.string().min(1).max(LOGIN_FRAME_LIMITS.base64Chars),
    /** The page's size in CSS pixels: a click's x and y are in these. */
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
  }),
  z.object({ type: z.literal('login_event'), loginId: loginIdSchema, event: loginEventSchema }),
  /**
   * A job (rule `wait`) met a challenge before its commit: the node keeps the page as it is,
   * streams it (job_frame) and applies job_input until the challenge is gone (challenge_cleared)
   * or the control plane cancels the job (its deadline passed: `input_timeout`). Sent through the
   * outbox: acknowledged, resent after a reconnect.
   */
  z.object({
    type: z.literal('challenge'),
    msgId,
    ...ref,
    kind: z.enum(CHALLENGE_KINDS),
    /** The adapter step that was blocked (upload, fill, publish…). */
    step: shortText(100),
    /** What the page asks, in the platform's words where the node could read them. */
    message: shortText(1000),
    screenshotPng: z.string().max(EVIDENCE_LIMITS.screenshotBase64Chars).optional(),
  }),
  /** The challenge is gone from the page: the job resumes from the step that was blocked. */
  z.object({ type: z.literal('challenge_cleared'), msgId, ...ref, step: shortText(100) }),
  /** The page of a job awaiting input, as login_frame (same bounds); not sent otherwise. */
  z.object({
    type: z.literal('job_frame'),
    ...ref,
    seq: z.number().int().min(0),
    jpeg: z.string().min(1).max(LOGIN_FRAME_LIMITS.base64Chars),
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
  }),
  z.object({ type: z.literal('bye'), reason: shortText(200).optional() }),
]);
export type NodeMessage = z.infer<typeof nodeMessageSchema>;
export type NodeMessageOf<T extends NodeMessage['type']> = Extract<NodeMessage, { type: T }>;

/** Reject reasons that will not change by retrying on the same node: the job fails. */
export const PERMANENT_REJECT_REASONS = ['unsupported_platform', 'unsupported_content_type', 'account_missing', 'invalid_job'] as const;

// ---------------------------------------------------------------- control plane → node

export const controlMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    v: z.number().int(),
    epoch: z.number().int(),
    leaseMs: z.number().int().positive(),
    heartbeatMs: z.number().int().positive(),
    /** How often the control plane pings; a node hearing nothing for longer than a few pings reconnects. */
    pingMs: z.number().int().positive().optional(),
    /** Unix milliseconds on the control plane's clock. */
    serverTime: z.number().int(),
    /**
     * The account login states this control plane accepts in `hello` and `accounts`. Absent
     * (control planes that predate it): logged_in, logged_out and unknown; a node reports any
     * other state of its own as unknown there.
     */
    loginStates: z.array(z.string().max(64)).max(32).optional(),
    /**
     * This control plane keeps the browser states of web nodes' accounts (`storage_state`) and moves
     * accounts between web nodes (`account_state`). Absent: send no `storage_state`.
     */
    browserStates: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('offer'),
    ...ref,
    platform: z.string().max(64),
    contentType: z.enum(['article', 'dynamic', 'video']),
    /** Unix milliseconds; an accept after this is refused. */
    deadline: z.number().int(),
  }),
  z.object({ type: z.literal('start'), ...ref, job: jobSpecSchema, leaseUntil: z.number().int() }),
  z.object({ type: z.literal('commit_ack'), ...ref, ok: z.boolean(), reason: shortText(200).optional() }),
  z.object({ type: z.literal('ack'), msgIds: z.array(msgId).max(1000) }),
  z.object({ type: z.literal('cancel'), ...ref, reason: shortText(200).optional() }),
  z.object({ type: z.literal('verify'), ...ref, job: jobSpecSchema }),
  z.object({ type: z.literal('drain') }),
  /**
   * Web nodes reporting `capabilities.browserStates: 1`: an account now lives on this node, with the
   * browser state its previous web node last reported. Write it into the account's profile (replacing
   * what a profile of that ref held), record the account for `userId`, check its login and report it.
   */
  z.object({
    type: z.literal('account_state'),
    account: z.object({
      externalRef: nodeAccountSchema.shape.externalRef,
      platform: z.string().min(1).max(64),
      displayName: shortText(200),
      userId: z.number().int().positive(),
    }),
    state: storageStateSchema,
  }),
  z.object({
    type: z.literal('login_open'),
    loginId: loginIdSchema,
    platform: z.string().min(1).max(64),
    /** The Plume user the account is for. */
    userId: z.number().int().positive(),
    /** The account to log in (again); absent: whichever account the platform names. */
    accountRef: z.string().min(1).max(200).regex(/^[A-Za-z0-9_.@-]+$/).optional(),
    /** The whole login on the node, from opening the page to the account read back. */
    timeoutMs: z.number().int().min(1000).max(3_600_000),
  }),
  z.object({ type: z.literal('login_input'), loginId: loginIdSchema, input: loginInputSchema }),
  z.object({ type: z.literal('login_cancel'), loginId: loginIdSchema, reason: shortText(200).optional() }),
  /** An answer for a job awaiting input (a click, a key, text, the SMS code), applied to its page only. */
  z.object({ type: z.literal('job_input'), ...ref, input: loginInputSchema }),
  z.object({ type: z.literal('error'), code: z.string().max(100), message: shortText(2000) }),
]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;
export type ControlMessageOf<T extends ControlMessage['type']> = Extract<ControlMessage, { type: T }>;

// ---------------------------------------------------------------- the one boundary per side

export type Decoded<T> = { ok: true; message: T } | { ok: false; reason: string };

/** A WebSocket close reason is at most 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  let out = text.replace(/[^\x20-\x7e]/g, '?');
  if (out.length > 120) out = `${out.slice(0, 117)}...`;
  return out;
}

function decode<T>(schema: z.ZodType<T>, types: ReadonlySet<string>, raw: string | Buffer | ArrayBuffer | Buffer[]): Decoded<T> {
  let text: string;
  try {
    const bytes = Array.isArray(raw) ? Buffer.concat(raw) : raw instanceof ArrayBuffer ? Buffer.from(raw) : raw;
    text = typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'message is not UTF-8 text' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'message is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !types.has(type)) {
    return { ok: false, reason: closeReason(`unknown message type ${typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : '(none)'}`) };
  }
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, reason: closeReason(`invalid ${type}${where}: ${issue?.message ?? 'invalid'}`) };
}

const NODE_TYPES: ReadonlySet<string> = new Set(nodeMessageSchema.options.map((o) => o.shape.type.value));
const CONTROL_TYPES: ReadonlySet<string> = new Set(controlMessageSchema.options.map((o) => o.shape.type.value));

/** Control plane side: a frame from a node. */
export const decodeNodeMessage = (raw: string | Buffer | ArrayBuffer | Buffer[]): Decoded<NodeMessage> => decode(nodeMessageSchema, NODE_TYPES, raw);
/** Node side: a frame from the control plane. */
export const decodeControlMessage = (raw: string | Buffer | ArrayBuffer | Buffer[]): Decoded<ControlMessage> => decode(controlMessageSchema, CONTROL_TYPES, raw);

export const encodeMessage = (message: NodeMessage | ControlMessage): string => JSON.stringify(message);

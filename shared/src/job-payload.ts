/**
 * What a publish job publishes, as the control plane freezes it at creation
 * and every executor reads it: one schema per content type. The control plane
 * builds its payloads with these types (publish-content.ts); a node parses the
 * payload of each job it starts or verifies with `parseJobPayload` before an
 * adapter sees it, and the web executor does the same for CMS posts.
 *
 * On the wire (node-protocol.ts `jobSpecSchema.payload`) the payload is a plain
 * object, so a job whose payload a node cannot read still arrives and fails
 * with `payload_invalid` and the reason, instead of a message the node drops.
 * Fields a node does not know are kept as they are (an adapter of a later
 * release may read them); a field it needs that is missing or of the wrong
 * type is refused.
 *
 * Paths are on the executing machine (an edge node's PLUME_EDGE_VIDEO_DIR, a
 * desktop's own disk); an article's cover may also be an http(s) address the
 * executor downloads. An absent optional value may be written as null by the
 * control plane; executors read it as absent.
 */
import { z } from 'zod';
import type { ContentType } from './platforms.js';

/** Optional; null (as the control plane writes an absent value) is read as absent. */
const absentAsUndefined = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined).optional();
/** An optional file or address: empty, null or absent all mean none. */
const optionalSource = () => z.string().nullish().transform((v) => (v ? v : undefined)).optional();

/** The article's AI-provenance facts as the control plane computed them. */
export const articleAigcSchema = z.object({
  label_required: z.boolean().optional(),
  display_label: z.string().optional(),
  applies_to: z.object({ text: z.boolean(), images: z.boolean() }).optional(),
});

export const articlePayloadSchema = z.looseObject({
  /** The article (`art_…`) the job publishes. Absent in jobs of control planes before it. */
  articleId: absentAsUndefined(z.string()),
  title: z.string(),
  /** Markdown; each adapter renders it the way its editor accepts. */
  content: z.string(),
  /** The cover: a path on the executing machine, or an http(s) address to download. */
  coverImage: optionalSource(),
  contentProvenance: absentAsUndefined(z.string()),
  /** Sets the AI label when the settings give none. */
  aigc: absentAsUndefined(articleAigcSchema),
});

export const dynamicPayloadSchema = z.looseObject({
  content: z.string(),
  /** Picture paths on the executing machine, in the order they are posted. */
  images: absentAsUndefined(z.array(z.string().min(1))),
});

export const videoPayloadSchema = z.looseObject({
  title: z.string(),
  localVideoPath: z.string().min(1),
  coverImagePath: optionalSource(),
  description: absentAsUndefined(z.string()),
});

/** As executors read it (absent values undefined). */
export type ArticlePayload = z.output<typeof articlePayloadSchema>;
export type DynamicPayload = z.output<typeof dynamicPayloadSchema>;
export type VideoPayload = z.output<typeof videoPayloadSchema>;

/** As the control plane writes it (absent values may be null). */
export type ArticlePayloadInput = z.input<typeof articlePayloadSchema>;
export type DynamicPayloadInput = z.input<typeof dynamicPayloadSchema>;
export type VideoPayloadInput = z.input<typeof videoPayloadSchema>;

export const JOB_PAYLOAD_SCHEMAS = { article: articlePayloadSchema, dynamic: dynamicPayloadSchema, video: videoPayloadSchema } as const satisfies Record<ContentType, z.ZodType>;

export interface JobPayloadByType {
  article: ArticlePayload;
  dynamic: DynamicPayload;
  video: VideoPayload;
}
export interface JobPayloadInputByType {
  article: ArticlePayloadInput;
  dynamic: DynamicPayloadInput;
  video: VideoPayloadInput;
}

/** A payload an executor cannot read: the job fails `payload_invalid` with this message. */
export class JobPayloadInvalid extends Error {
  override readonly name = 'JobPayloadInvalid';
  readonly code = 'payload_invalid';
}

/** The payload of a job of `contentType`, typed; throws JobPayloadInvalid naming the first field that is wrong. */
export function parseJobPayload<T extends ContentType>(contentType: T, payload: unknown): JobPayloadByType[T] {
  // The one place the content type picks its schema: the map above ties each type to its own.
  const schema: z.ZodType | undefined = JOB_PAYLOAD_SCHEMAS[contentType];
  if (!schema) throw new JobPayloadInvalid(`no payload is known for content type ${JSON.stringify(contentType)}`);
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data as JobPayloadByType[T];
  const issue = parsed.error.issues[0]!;
  const at = issue.path.length ? issue.path.join('.') : 'payload';
  throw new JobPayloadInvalid(`the ${contentType} job's payload cannot be read: ${at}: ${issue.message}`);
}

/** A file on the executing machine that a job's payload names (addresses to download are not files). */
export interface PayloadFile {
  /** Where the payload names it: `localVideoPath`, `coverImagePath`, `coverImage`, or `images.<n>`. */
  field: string;
  path: string;
  kind: 'video' | 'picture';
}

/** A payload with its content type, as a node's job carries it. */
export type TypedPayload = { contentType: 'article'; payload: ArticlePayload } | { contentType: 'dynamic'; payload: DynamicPayload } | { contentType: 'video'; payload: VideoPayload };

/** The payload of a job of `contentType`, parsed and tagged with its type; throws JobPayloadInvalid. */
export function typedPayload(contentType: ContentType, payload: unknown): TypedPayload {
  switch (contentType) {
    case 'article':
      return { contentType, payload: parseJobPayload('article', payload) };
    case 'dynamic':
      return { contentType, payload: parseJobPayload('dynamic', payload) };
    case 'video':
      return { contentType, payload: parseJobPayload('video', payload) };
  }
}

/** The files a job's payload names, in payload order: what an executor opens (and checks) before the browser moves. */
export function payloadFiles(job: TypedPayload): PayloadFile[] {
  const named: Array<[field: string, path: string | undefined, kind: PayloadFile['kind']]> =
    job.contentType === 'video' ? [['localVideoPath', job.payload.localVideoPath, 'video'], ['coverImagePath', job.payload.coverImagePath, 'picture']]
    : job.contentType === 'article' ? [['coverImage', job.payload.coverImage, 'picture']]
    : (job.payload.images ?? []).map((path, i): [string, string, 'picture'] => [`images.${i}`, path, 'picture']);
  return named.filter(([, path]) => path !== undefined && path !== '' && !/^https?:\/\//i.test(path)).map(([field, path, kind]) => ({ field, path: path!, kind }));
}

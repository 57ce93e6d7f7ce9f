/**
 * The "what" of a publish request, per content type: what goes into every
 * job's payload, what the preflight hash covers, and the facts later checks
 * need (title, cover, images). Reads the article (the caller's only); reads
 * no local file — paths are checked for form against each target's executor
 * in the planner.
 */
import { sha256Hex } from '../../crypto/tokens.js';
import { type ArticlePayloadInput, canonicalJson, type DynamicPayloadInput, localPictures, type VideoPayloadInput, windowsPicturePaths } from '@plume/shared';
import type { Db } from '../../db/client.js';
import { articlesRepository } from '../articles/articles.repository.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { openapiError } from '../../http/openapi-errors.js';
import type { ArticlePublishBody, DynamicPublishBody, VideoPublishBody } from './publish.schemas.js';

export type PublishInput =
  | { contentType: 'article'; body: ArticlePublishBody }
  | { contentType: 'dynamic'; body: DynamicPublishBody }
  | { contentType: 'video'; body: VideoPublishBody };

export interface PublishContent {
  articleId: string | null;
  /** Frozen into every job: what the executor publishes, in the shape every executor parses (shared/src/job-payload.ts). */
  payload: ArticlePayloadInput | DynamicPayloadInput | VideoPayloadInput;
  /** Covered by preflight_hash. */
  hashed: Record<string, unknown>;
  title: string | null;
  text: string | null;
  hasCover: boolean;
  /** The content's own AI facts require a label (an article's aigc.label_required); the default of the aiLabel setting. */
  aiLabelRequired: boolean;
  /** Local paths to check against each target's executor, by request field. */
  localPaths: Array<{ field: string; path: string }>;
  /** Image count of a dynamic (limits). */
  imageCount: number;
  /** The content references images (Markdown images, dynamic images, a cover). */
  hasImages: boolean;
  /** An article's text holds pictures (Markdown images). */
  inlineImages: boolean;
  /** An article's body pictures that are not web addresses (local paths, relative addresses), as rendered. */
  localPictures: readonly string[];
  /** An article's body pictures given as a Windows path, which the renderer shows as their alt text. */
  windowsPictures: readonly string[];
}

const MARKDOWN_IMAGE = /!\[[^\]]*\]\([^)]+\)/;
const REMOTE_URL = /^https?:\/\//i;

/**
 * What is read off an article's text — its digest, whether it has inline
 * images, which of them are not web addresses and which are Windows paths —
 * once per row object (cached rows are shared and immutable): each scans the
 * whole text, which can be long.
 */
interface TextFacts {
  digest: string;
  inlineImages: boolean;
  localPictures: readonly string[];
  windowsPictures: readonly string[];
}
const textFacts = new WeakMap<object, TextFacts>();
function articleFacts(article: { title: string; content: string }): TextFacts {
  let facts = textFacts.get(article);
  if (facts === undefined) {
    const inlineImages = MARKDOWN_IMAGE.test(article.content);
    // Rendering is needed only when the text has a picture at all.
    facts = {
      digest: sha256Hex(canonicalJson([article.title, article.content])),
      inlineImages,
      localPictures: inlineImages ? Object.freeze(localPictures(article.content)) : [],
      windowsPictures: inlineImages ? Object.freeze(windowsPicturePaths(article.content)) : [],
    };
    textFacts.set(article, facts);
  }
  return facts;
}

export async function loadContent(db: Db, userId: number, input: PublishInput): Promise<PublishContent> {
  switch (input.contentType) {
    case 'article': {
      const id = input.body.articleId;
      expectIdKind('article', id);
      if (!id.startsWith('art_')) throw openapiError('article_not_found', `'${id}' is not an article id: article ids start with art_ (from POST /articles or a finished generation task)`);
      const article = await articlesRepository.get(db, userId, id);
      if (!article) throw notFoundError('article', id);
      const facts = articleFacts(article);
      return {
        articleId: article.id,
        payload: {
          articleId: article.id,
          title: article.title,
          content: article.content,
          coverImage: article.coverImage,
          contentProvenance: article.contentProvenance,
          aigc: article.aigc,
        } satisfies ArticlePayloadInput,
        hashed: { articleId: article.id, digest: facts.digest },
        title: article.title,
        text: article.content,
        hasCover: Boolean(article.coverImage),
        aiLabelRequired: article.aigc?.label_required === true,
        // A cover given as a URL is fetched by the executor; a path names a file on the executing machine.
        localPaths: article.coverImage && !REMOTE_URL.test(article.coverImage) ? [{ field: 'coverImage', path: article.coverImage }] : [],
        imageCount: 0,
        hasImages: Boolean(article.coverImage) || facts.inlineImages,
        inlineImages: facts.inlineImages,
        localPictures: facts.localPictures,
        windowsPictures: facts.windowsPictures,
      };
    }
    case 'dynamic': {
      const images = input.body.images ?? [];
      return {
        articleId: null,
        payload: { content: input.body.content, images } satisfies DynamicPayloadInput,
        hashed: { content: input.body.content, images },
        title: null,
        text: input.body.content,
        hasCover: false,
        aiLabelRequired: false,
        localPaths: images.map((path, i) => ({ field: `images[${i}]`, path })),
        imageCount: images.length,
        hasImages: images.length > 0,
        inlineImages: false,
        localPictures: [],
        windowsPictures: [],
      };
    }
    case 'video': {
      const b = input.body;
      for (const field of ['videoUrl', 'coverImageUrl'] as const) {
        if (b[field]) throw openapiError('deprecated_field', `${field} is deprecated and refused: video and cover come from local files only (localVideoPath, coverImagePath)`);
      }
      const coverImagePath = b.coverImagePath ?? null;
      return {
        articleId: null,
        payload: { title: b.title, localVideoPath: b.localVideoPath, coverImagePath } satisfies VideoPayloadInput,
        hashed: { title: b.title, localVideoPath: b.localVideoPath, coverImagePath, platforms: b.platforms ?? null },
        title: b.title,
        text: null,
        hasCover: coverImagePath !== null,
        aiLabelRequired: false,
        localPaths: [{ field: 'localVideoPath', path: b.localVideoPath }, ...(coverImagePath ? [{ field: 'coverImagePath', path: coverImagePath }] : [])],
        imageCount: 0,
        hasImages: coverImagePath !== null,
        inlineImages: false,
        localPictures: [],
        windowsPictures: [],
      };
    }
  }
}

/**
 * The douyin replica: creator.douyin.com (the creator single-page app, the
 * article editor, their APIs, the QR login at the root) and the upload host,
 * under `/douyin/<host>/…`.
 * The session is the real `sessionid` cookie.
 */
import { router, type PlatformSim } from '../platform.js';
import { applyUpload, commitUpload, createV2, putChunk, UPLOAD_HOST, uploadImage, workList } from './api.js';
import { articlePage } from './article.js';
import { CREATOR, P, userInfo } from './common.js';
import { loginRoutes } from '../login-pages.js';
import { DOUYIN_LOGIN } from './login.js';
import { creatorApp } from './pages.js';

export { DOUYIN_COLLECTIONS, DOUYIN_DECLARATIONS } from './common.js';

export const douyin: PlatformSim = {
  platform: P,
  contentTypes: ['video', 'dynamic', 'article'],
  sessionCookie: 'sessionid',
  handle: router([
    ...loginRoutes(DOUYIN_LOGIN, 'sessionid'),
    ['GET', /^\/creator\.douyin\.com\/creator-micro\/content\/(?:upload|post\/video|post\/image|manage)$/, creatorApp],
    ['GET', `${CREATOR}/creator-micro/content/post/article`, articlePage],
    ['GET', `${CREATOR}/web/api/media/user/info/`, userInfo],
    ['POST', `${CREATOR}/web/api/media/video/upload/apply/`, applyUpload],
    ['PUT', new RegExp(`^/${UPLOAD_HOST.replace(/\./g, '\\.')}/upload/v1/(\\w+)$`), (req, res, route, state, [id]) => putChunk(req, res, route, state, id!)],
    ['POST', `${CREATOR}/web/api/media/video/upload/commit/`, commitUpload],
    ['POST', `${CREATOR}/web/api/media/upload/image/`, uploadImage],
    ['POST', `${CREATOR}/web/api/media/aweme/create_v2/`, createV2],
    ['GET', `${CREATOR}/janus/douyin/creator/pc/work_list`, workList],
  ]),
};

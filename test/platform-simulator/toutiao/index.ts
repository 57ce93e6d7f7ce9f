/**
 * The toutiao replica: the creator site mp.toutiao.com (login page, home,
 * article editor, 微头条 composer, video upload page, and their JSON APIs),
 * the 微头条 publish on www.toutiao.com with the published pages there, and
 * the video upload host, under `/toutiao/<host>/…`. The session is the real
 * `sessionid` cookie.
 */
import { router, type PlatformSim } from '../platform.js';
import { applyUpload, articleGateway, catchPicture, commitUpload, contentList, csrfCheck, deleteDraft, mediaInfo, publishVideo, putChunk, spiceImage, ugcPublish, UPLOAD_HOST, wttPublish } from './api.js';
import { MP, P, WWW } from './common.js';
import { loginRoutes } from '../login-pages.js';
import { TOUTIAO_LOGIN } from './login.js';
import { articleEditor, homePage, postPage, videoUploadPage, weitoutiaoComposer } from './pages.js';

export { TOUTIAO_DECLARATIONS } from './common.js';

export const toutiao: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'dynamic', 'video'],
  sessionCookie: 'sessionid',
  handle: router([
    ...loginRoutes(TOUTIAO_LOGIN, 'sessionid'),
    ['GET', `${MP}/profile_v4/index`, homePage],
    ['GET', `${MP}/profile_v4/graphic/publish`, articleEditor],
    ['GET', `${MP}/profile_v4/weitoutiao/publish`, weitoutiaoComposer],
    ['GET', `${MP}/profile_v4/xigua/upload-video`, videoUploadPage],
    ['GET', `${MP}/mp/agw/media/get_media_info`, mediaInfo],
    ['HEAD', `${MP}/ttwid/check/`, csrfCheck],
    ['POST', `${MP}/spice/image`, spiceImage],
    ['POST', `${MP}/tools/catch_picture/`, catchPicture],
    ['POST', `${MP}/mp/agw/article/publish`, articleGateway],
    ['GET', `${MP}/mp/agw/article/list/`, contentList],
    ['POST', `${MP}/mp/agw/creator_center/delete_draft`, deleteDraft],
    ['POST', `${MP}/xigua/api/upload/apply`, applyUpload],
    ['PUT', new RegExp(`^/${UPLOAD_HOST.replace(/\./g, '\\.')}/upload/v1/(\\w+)$`), (req, res, route, state, [id]) => putChunk(req, res, route, state, id!)],
    ['POST', `${MP}/xigua/api/upload/commit`, commitUpload],
    ['POST', `${MP}/xigua/api/upload/PublishVideo`, publishVideo],
    ['POST', `${MP}/mp/agw/article/wtt`, wttPublish],
    ['POST', `${WWW}/c/ugc/content/publish/`, ugcPublish],
    ['GET', /^\/www\.toutiao\.com\/(?:article|w|video)\/(\d+)\/$/, (_req, res, _route, state, [id]) => postPage(res, state, id!)],
  ]),
};

/**
 * The bilibili replica: every real host under `/bilibili/<host>/…` —
 * member.bilibili.com (creator centre pages and APIs, preupload),
 * api.bilibili.com (who is logged in), passport.bilibili.com (login),
 * the upos upload host, the image host, www.bilibili.com (video and opus
 * and article pages) and t.bilibili.com (the dynamics composer, bilibili/dynamic.ts);
 * articles (the editor page and its APIs): bilibili/article.ts.
 * The session is the real `SESSDATA` cookie; pages hand out `bili_jct`.
 */
import { router, type PlatformSim } from '../platform.js';
import { API, MEMBER, nav, P } from './common.js';
import { loginRoutes } from '../login-pages.js';
import { BILIBILI_LOGIN } from './login.js';
import { articleEditorPage, articleList, articlePage, articleSubmit, draftAddUpdate } from './article.js';
import { createDyn, dynamicsPage, opusPage, spaceFeed, uploadBfs } from './dynamic.js';
import { preupload, UPOS_PATH, uposPost, uposPut } from './upos.js';
import { addV3, archivePre, archives, coverUp, serveImage, uploadPage, videoPage } from './video.js';

export { BILIBILI_TYPELIST } from './video.js';
export { BILIBILI_ARTICLE_CATEGORY_TREE } from './article.js';

export const bilibili: PlatformSim = {
  platform: P,
  contentTypes: ['video', 'dynamic', 'article'],
  sessionCookie: 'SESSDATA',
  handle: router([
    ...loginRoutes(BILIBILI_LOGIN, 'SESSDATA'),
    ['GET', `${API}/x/web-interface/nav`, nav],
    ['GET', `${MEMBER}/platform/upload/video/frame`, uploadPage],
    ['GET', `${MEMBER}/preupload`, preupload],
    ['POST', UPOS_PATH, (req, res, route, state, [key]) => uposPost(req, res, route, state, key!)],
    ['PUT', UPOS_PATH, (req, res, route, state, [key]) => uposPut(req, res, route, state, key!)],
    ['GET', `${MEMBER}/x/vupre/web/archive/pre`, archivePre],
    ['POST', `${MEMBER}/x/vu/web/cover/up`, coverUp],
    ['POST', `${MEMBER}/x/vu/web/add/v3`, addV3],
    ['GET', `${MEMBER}/x/web/archives`, archives],
    ['GET', /^\/www\.bilibili\.com\/video\/(BV\w+)$/, (_req, res, _route, state, [bvid]) => videoPage(res, state, bvid!)],
    ['GET', '/t.bilibili.com/', dynamicsPage],
    ['POST', `${API}/x/dynamic/feed/draw/upload_bfs`, uploadBfs],
    ['POST', `${API}/x/dynamic/feed/create/dyn`, createDyn],
    ['GET', `${API}/x/polymer/web-dynamic/v1/feed/space`, spaceFeed],
    ['GET', /^\/www\.bilibili\.com\/opus\/(\d+)$/, (_req, res, _route, state, [id]) => opusPage(res, state, id!)],
    ['GET', `${MEMBER}/article-text/home`, articleEditorPage],
    ['GET', `${MEMBER}/york/read-editor`, articleEditorPage],
    ['POST', `${API}/x/article/creative/draft/addupdate`, draftAddUpdate],
    ['POST', `${API}/x/article/creative/article/submit`, articleSubmit],
    ['GET', `${API}/x/article/creative/article/list`, articleList],
    ['GET', /^\/www\.bilibili\.com\/read\/cv(\d+)$/, (_req, res, _route, state, [id]) => articlePage(res, state, id!)],
    ['GET', /^\/archive\.biliimg\.com\/bfs\/archive\/(\w+)\.jpg$/, (_req, res, _route, state, [id]) => serveImage(res, state, id!)],
  ]),
};

/**
 * autohome (车家号) videos in real Chromium against the autohome replica's video
 * page: the file into its uploader (#browser_0), the title (#title) and the
 * description (#summary), and 发布. The cases it shares with other video pages
 * are in test/support/video-page-cases.ts.
 */
import { describe, expect } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { autohomeAdapter as adapter } from '../../src/adapters/autohome/adapter.js';
import { fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'autohome';
const ACCOUNT = '7713520';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'ahv', title: '车家号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title, the description as plain text',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      // 原创 and 首发 are left as the page has them.
      expect(post.settings).toEqual({ type: 'video', isOriginal: false, isFirst: false });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/chejiahao.autohome.com.cn/info/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'summary-box' });

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { ant: 'an Ant Design message', 'ant-notification': 'an Ant Design notification', 'role-alert': 'an ARIA alert' }, successForm: 'ant' });
});

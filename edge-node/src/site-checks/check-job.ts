/**
 * The synthetic job a site check runs: recognisable text (so an operator who
 * sees a leftover draft knows where it came from), the node's own check media,
 * and the adapter's own sample settings for what its forms require.
 */
import type { AccountRecord } from '../accounts/accounts.js';
import type { Adapter, ContentType, PublishJob } from '../adapters/contract.js';
import type { CheckMedia } from './check-media.js';

const WHY = 'Plume 用这份草稿提前发现平台页面的变化：它走完登录、打开编辑器、填写标题与正文、上传图片和封面的每一步，只在点击发布之前停下，所以这份草稿不会被发出。看到它的运营人员可以放心删除。';

export function checkJob(adapter: Adapter, account: AccountRecord, contentType: ContentType, media: CheckMedia, now: Date): PublishJob {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const id = `check_${adapter.platform}_${contentType}_${now.getTime()}`;
  const base = {
    jobId: id,
    attemptId: `att_${id}`,
    platform: adapter.platform,
    account: { id: 'check', externalRef: account.externalRef },
    settings: adapter.checkSettings?.[contentType] ?? {},
    settingsHash: 'check',
    createdAt: now.toISOString(),
  };
  const title = `Plume 检查 ${stamp}`;
  const text = `Plume 站点检查 ${stamp}：这是一份不会发布的草稿。\n\n- 检查编辑器\n- 检查上传`;
  switch (contentType) {
    case 'article':
      // Long enough for editors with a minimum (douyin refuses an article body under 100 字).
      return { ...base, contentType, payload: { title, content: `## ${title}\n\n${text}\n\n${WHY}`, coverImage: media.image } };
    case 'dynamic':
      return { ...base, contentType, payload: { content: text, images: [media.image] } };
    case 'video':
      return { ...base, contentType, payload: { title, localVideoPath: media.video, coverImagePath: media.image, description: text } };
  }
}

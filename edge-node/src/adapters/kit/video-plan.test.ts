import { describe, expect, it } from 'vitest';
import { AdapterError, type VideoJob } from '../contract.js';
import { planPlainVideo } from './video-plan.js';

const PAGE = { limits: { titleMax: 10, descriptionMax: 12 }, noCover: 'yiche: no cover control on record', noTitle: 'a yiche video needs a title' };

function job(o: { title?: string; description?: string; settings?: Record<string, unknown> } = {}): VideoJob {
  return {
    jobId: 'job_plan1',
    attemptId: 'att_plan1',
    platform: 'yiche',
    contentType: 'video',
    account: { id: 'acc_plan', externalRef: '50817001' },
    payload: { title: o.title ?? '  新车试驾  ', localVideoPath: '/media/clip.mp4', description: o.description ?? '**试驾**一圈' },
    settings: o.settings ?? {},
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

function refusal(run: () => unknown): AdapterError {
  try {
    run();
  } catch (e) {
    if (e instanceof AdapterError) return e;
    throw e;
  }
  throw new Error('expected an AdapterError');
}

describe('happy path', () => {
  it("the trimmed title and the description as plain text; the description setting replaces the payload's", () => {
    expect(planPlainVideo(job(), PAGE)).toMatchObject({ title: '新车试驾', description: '试驾一圈' });
    expect(planPlainVideo(job({ settings: { description: '设置里的**简介**', visibility: 'public', coverMode: 'auto' } }), PAGE)).toMatchObject({ description: '设置里的简介' });
  });

  it('the limit counts the plain text: a payload description over it only by its Markdown marks is taken', () => {
    expect(planPlainVideo(job({ description: '**一二三四五六七八九十**' }), PAGE).description).toBe('一二三四五六七八九十');
  });
});

describe('errors', () => {
  it('a custom cover and an audience other than public are setting_unavailable, naming the field', () => {
    const cover = refusal(() => planPlainVideo(job({ settings: { coverMode: 'custom' } }), PAGE));
    expect([cover.code, cover.step, cover.message, cover.details]).toEqual(['setting_unavailable', 'apply_settings', PAGE.noCover, { field: 'coverMode' }]);
    const audience = refusal(() => planPlainVideo(job({ settings: { visibility: 'private' } }), PAGE));
    expect([audience.code, audience.step]).toEqual(['setting_unavailable', 'apply_settings']);
  });

  it('a blank or too long title and a too long description are publish_rejected at fill', () => {
    const blank = refusal(() => planPlainVideo(job({ title: '   ' }), PAGE));
    expect([blank.code, blank.step, blank.message]).toEqual(['publish_rejected', 'fill', PAGE.noTitle]);
    expect(refusal(() => planPlainVideo(job({ title: '长'.repeat(11) }), PAGE)).code).toBe('publish_rejected');
    const long = refusal(() => planPlainVideo(job({ description: '简'.repeat(13) }), PAGE));
    expect([long.code, long.step]).toEqual(['publish_rejected', 'fill']);
  });
});

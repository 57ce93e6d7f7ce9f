/**
 * Challenge detection against real Chromium, one small page per case: what is a challenge
 * (an SMS dialog, vendor slider and captcha widgets, a captcha frame, an identity check, an
 * unknown modal after a failed step), what is not (the same words in an editor's text, hidden
 * widgets, a modal when no step failed), how long a page with nothing costs, and an SMS code
 * typed into the dialog's field and submitted with its confirm button.
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeForm, SIM_CHALLENGE_KINDS } from '../../../../test/platform-simulator/challenge.js';
import { launchChromium } from '../browser.js';
import { answerSms, detectChallenge } from './challenge.js';

const CHROMIUM = '/usr/bin/chromium';

const SMS_DIALOG = `
  <div class="ant-modal-wrap" style="position:fixed;inset:0;background:rgba(0,0,0,.4)">
    <div class="ant-modal" role="dialog" style="width:400px;margin:100px auto;background:#fff;padding:20px">
      <p>为了您的账号安全，请输入短信验证码</p>
      <input id="code" type="text" placeholder="请输入验证码">
      <button id="send">获取验证码</button>
      <button id="ok" onclick="document.getElementById('submitted').textContent = document.getElementById('code').value; document.querySelector('.ant-modal-wrap').remove()">确 定</button>
    </div>
  </div>
  <p id="submitted"></p>`;

const EDITOR = `
  <h1>发布文章</h1>
  <input id="title" placeholder="请输入标题">
  <div contenteditable="true"><p>如何防止收不到验证码？安全验证与实名认证的区别</p></div>
  <button>发布</button>`;

describe.skipIf(!existsSync(CHROMIUM))('challenge detection', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium({ executablePath: CHROMIUM });
    page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const on = async (html: string) => {
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><title>创作中心</title></head><body>${html}</body></html>`);
  };

  it('an SMS code dialog is an sms challenge, in the platform words', async () => {
    await on(EDITOR + SMS_DIALOG);
    const found = await detectChallenge(page);
    expect(found).toMatchObject({ kind: 'sms' });
    expect(found!.message).toContain('短信验证码');
  });

  it('the words alone in an editor are no challenge, nor is the editor after a failed step', async () => {
    await on(EDITOR);
    expect(await detectChallenge(page)).toBeNull();
    expect(await detectChallenge(page, { afterFailure: true })).toBeNull();
  });

  it('vendor sliders are slider challenges; hidden ones are nothing', async () => {
    for (const html of [
      '<div class="geetest_panel"><div class="geetest_slider"><div class="geetest_slider_button" style="width:40px;height:40px"></div></div></div>',
      '<div id="nc_1_wrapper" class="nc-container"><span id="nc_1_n1z" style="display:inline-block;width:40px;height:30px">&gt;&gt;</span></div>',
      '<div id="captcha_container" style="width:300px;height:200px"><div class="captcha_verify_container" style="width:280px;height:180px">请完成下列验证后继续</div></div>',
      '<div class="red-captcha" style="width:300px;height:200px">滑动完成拼图</div>',
    ]) {
      await on(EDITOR + html);
      expect(await detectChallenge(page), html).toMatchObject({ kind: 'slider' });
    }
    await on(`${EDITOR}<div class="geetest_slider" style="display:none"><div class="geetest_slider_button"></div></div><div class="nc-container" style="visibility:hidden">x</div>`);
    expect(await detectChallenge(page)).toBeNull();
  });

  it('a small element merely named like a captcha (a hint, an icon) is no challenge; a widget of that name is', async () => {
    await on(`${EDITOR}<span class="captcha-tip" style="display:inline-block;width:80px;height:14px">看不清？</span>`);
    expect(await detectChallenge(page)).toBeNull();
    await on(`${EDITOR}<div class="my-captcha-box" style="width:300px;height:160px">请输入图中字符</div>`);
    expect(await detectChallenge(page)).toMatchObject({ kind: 'captcha' });
  });

  it('a captcha frame is a captcha challenge; the same frame hidden is not', async () => {
    const frame = (style: string) => `<iframe id="tcaptcha_iframe_dy" srcdoc="<p>拖动下方滑块完成拼图</p>" style="${style}"></iframe><iframe src="data:text/html,<div class=captcha-img style='width:200px;height:80px'>x</div>" style="${style}"></iframe>`;
    await on(EDITOR + frame('width:360px;height:300px'));
    expect(await detectChallenge(page)).toMatchObject({ kind: 'captcha' });
    await on(EDITOR + frame('display:none'));
    expect(await detectChallenge(page)).toBeNull();
  });

  it('a widget inside a shown frame counts, the frame being of another origin or not', async () => {
    await on(`${EDITOR}<iframe style="width:400px;height:300px" srcdoc="<div class='geetest_slider'><div class='geetest_slider_button' style='width:40px;height:40px'></div></div>"></iframe>`);
    await expect.poll(() => detectChallenge(page)).toMatchObject({ kind: 'slider' });
  });

  it('an identity check (dialog or page) with no code field is an identity challenge', async () => {
    await on(`${EDITOR}<div role="dialog" style="position:fixed;top:100px;left:200px;width:500px;height:300px;background:#fff">为保障账号安全，请完成身份验证<button>去验证</button></div>`);
    expect(await detectChallenge(page)).toMatchObject({ kind: 'identity' });
    await on('<h1>安全验证</h1><p>请使用抖音扫码完成验证</p>');
    expect(await detectChallenge(page)).toMatchObject({ kind: 'identity' });
    // The same page asking for a code in a field made for it is an SMS challenge.
    await on('<h1>安全验证</h1><p>验证码已发送至 138****0000</p><input placeholder="请输入短信验证码"><button>提交</button>');
    expect(await detectChallenge(page)).toMatchObject({ kind: 'sms' });
  });

  it('an unknown modal covering the page is a dialog challenge only after a step failed', async () => {
    const modal = `${EDITOR}<div class="semi-modal-wrap" style="position:fixed;inset:0"><div class="semi-modal" style="width:400px;margin:150px auto;background:#fff">活动公告：创作者大会报名开启<button>我知道了</button></div></div>`;
    await on(modal);
    expect(await detectChallenge(page)).toBeNull();
    expect(await detectChallenge(page, { afterFailure: true })).toMatchObject({ kind: 'dialog', message: expect.stringContaining('活动公告') });
    // A small toast in a corner covers nothing.
    await on(`${EDITOR}<div role="dialog" style="position:fixed;top:0;right:0;width:120px;height:40px">已保存</div>`);
    expect(await detectChallenge(page, { afterFailure: true })).toBeNull();
  });

  it('answers nothing on an empty page quickly', async () => {
    await on(EDITOR);
    const started = performance.now();
    for (let i = 0; i < 5; i++) expect(await detectChallenge(page, { afterFailure: true })).toBeNull();
    const each = (performance.now() - started) / 5;
    // Well under a second even on a loaded machine (a few milliseconds on an idle one): one evaluation per frame.
    expect(each).toBeLessThan(800);
  });

  it('an SMS code goes into the dialog field and its confirm button submits it', async () => {
    await on(EDITOR + SMS_DIALOG);
    expect(await answerSms(page, '123456')).toBe('submitted');
    await expect.poll(() => page.textContent('#submitted')).toBe('123456');
    expect(await detectChallenge(page)).toBeNull();
  });

  it('every form the platform replicas draw (the recorded markup per platform) is recognised as its kind', async () => {
    const platforms = ['douyin', 'toutiao', 'kuaishou', 'xiaohongshu', 'bilibili', 'weibo', 'baijiahao', 'wechat_mp', 'youtube', 'zhihu'];
    const seen = new Set<string>();
    for (const kind of SIM_CHALLENGE_KINDS) {
      for (const platform of platforms) {
        const { html, form } = challengeForm(platform, kind);
        if (seen.has(`${kind}/${form}`)) continue;
        seen.add(`${kind}/${form}`);
        await on(EDITOR + html);
        // A modal of a UI kit is a challenge only after a step failed; one a platform is recorded to lay over 发布 always is.
        const found = (await detectChallenge(page)) ?? (kind === 'dialog' ? await detectChallenge(page, { afterFailure: true }) : null);
        expect(found?.kind, `${kind} as ${platform} draws it (${form})`).toBe(kind);
      }
    }
    expect(seen.size).toBeGreaterThan(8);
  });

  it('the recorded guide overlay over 发布 counts before the gate (not off the editor); a UI kit modal there does not', async () => {
    await on(EDITOR + challengeForm('douyin', 'dialog').html);
    expect(await detectChallenge(page)).toMatchObject({ kind: 'dialog', sign: '.shepherd-element' });
    // Off the editor (right after the login check) no overlay counts: the next step leaves the page.
    expect(await detectChallenge(page, { overlays: false })).toBeNull();
    await on(EDITOR + challengeForm('kuaishou', 'dialog').html);
    expect(await detectChallenge(page)).toBeNull();
  });

  it('the douyin SMS panel takes the code in its field and its 验证 button', async () => {
    await on(`${EDITOR}${challengeForm('douyin', 'sms').html}<script>document.querySelector('.uc-ui-verify_sms-verify_button.primary').onclick = () => { document.getElementById('submitted').textContent = document.querySelector('#uc-second-verify input').value; document.getElementById('uc-second-verify').remove(); };</script><p id="submitted"></p>`);
    expect(await detectChallenge(page)).toMatchObject({ kind: 'sms' });
    expect(await answerSms(page, '424242')).toBe('submitted');
    await expect.poll(() => page.textContent('#submitted')).toBe('424242');
  });

  it('without an SMS dialog the code goes into the focused field', async () => {
    await on(EDITOR);
    await page.focus('#title');
    expect(await answerSms(page, '654321')).toBe('focused');
    expect(await page.inputValue('#title')).toBe('654321');
  });
});

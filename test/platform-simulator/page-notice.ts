/**
 * A publish click the page answers itself, before any publish request leaves,
 * for the replicas whose platforms show refusals in several recorded message
 * forms. `forms['page-notice']`: `none` (default), `refusal` (the click shows
 * PAGE_REFUSAL in the form `forms['refusal-form']` names and sends nothing) or
 * `success` (the click first shows PAGE_SUCCESS in that same element, as zhihu,
 * WeChat and eastmoney show successes, then sends the post as usual).
 *
 * `noticeJs(form)` defines the page's `notice(kind, text)` ('error' | 'success')
 * drawing the message in one of the forms below (each as the component library
 * or the platform's own page draws it); `pageNoticeJs` gives the statements that
 * open the replica's publish click handler (an async function).
 */
export const PAGE_REFUSAL = '标题含有敏感词，请修改后再发布';
export const PAGE_SUCCESS = '草稿保存成功';

/** Statements for the top of an async click handler; `ret` is what a refused click returns. */
export function pageNoticeJs(forms: Readonly<Record<string, string>>, ret = ''): string {
  const kind = forms['page-notice'] ?? 'none';
  if (kind === 'refusal') return `notice('error', ${JSON.stringify(PAGE_REFUSAL)}); return ${ret};`;
  // The success shows first and the post leaves a moment later, as a page saving the draft
  // before it publishes does: a reader taking it for a refusal would stop before the request.
  if (kind === 'success') return `notice('success', ${JSON.stringify(PAGE_SUCCESS)}); await new Promise((r) => setTimeout(r, 400));`;
  return '';
}

/** The message forms, by name: the markup `notice(kind, text)` draws (`%k` the kind, `%t` where the text goes). */
const FORMS: Readonly<Record<string, string>> = {
  // Element UI's message (role alert, as the library draws it) and its notification.
  el: '<div role="alert" class="el-message el-message--%k"><p class="el-message__content">%t</p></div>',
  'el-notification': '<div role="alert" class="el-notification"><div class="el-notification__group"><h2 class="el-notification__title">提示</h2><div class="el-notification__content"><p>%t</p></div></div></div>',
  // Ant Design's message and notification.
  ant: '<div class="ant-message"><div class="ant-message-notice"><div class="ant-message-notice-content"><div class="ant-message-custom-content ant-message-%k"><span>%t</span></div></div></div></div>',
  'ant-notification': '<div class="ant-notification"><div class="ant-notification-notice"><div class="ant-notification-notice-message">%t</div></div></div>',
  // ByteDesign's message (toutiao's family), a plain .m-message, a bare ARIA alert.
  byte: '<div class="byte-message byte-message-%k"><span class="byte-message-content">%t</span></div>',
  m: '<div class="m-message m-message-%k">%t</div>',
  'role-alert': '<div role="alert">%t</div>',
  // eastmoney's own dialog.
  dialog: '<div class="dialog_content"><p class="dialog_text">%t</p><span class="btn_confirm">返回主页</span></div>',
  // bilibili's composer toast and its site-wide toast.
  'bili-dyn': '<div class="bili-dyn-publishing__toast">%t</div>',
  'bili-toast': '<div class="bili-toast"><div class="bili-toast-content">%t</div></div>',
  // zhihu's notification: red for errors, white for other notices.
  notification: '<div class="Notification Notification-%z"><div class="Notification-textSection">%t</div></div>',
  // WeChat's toast.
  'weui-toast': '<div class="weui-desktop-toast"><div class="weui-desktop-toast__content">%t</div></div>',
};

/** The names `noticeJs` knows. */
export const NOTICE_FORMS = Object.keys(FORMS);

/** Defines `notice(kind, text)` in the page, drawing the message in `form` (one at a time). */
export function noticeJs(form: string): string {
  const markup = FORMS[form];
  if (markup === undefined) throw new Error(`unknown notice form ${form} (known: ${NOTICE_FORMS.join(', ')})`);
  return `const notice = (kind, text) => {
  for (const old of document.querySelectorAll('[data-sim-message]')) old.remove();
  const holder = document.createElement('div');
  holder.innerHTML = ${JSON.stringify(markup)}.replace(/%k/g, kind).replace(/%z/g, kind === 'error' ? 'red' : 'white').replace('%t', '<span data-sim-text></span>');
  const m = holder.firstElementChild; m.dataset.simMessage = '';
  m.querySelector('[data-sim-text]').textContent = text;
  document.body.appendChild(m);
};`;
}

import { describe, expect, it } from 'vitest';
import { parseKeepingDigits, readPublishAnswer, readWorkList, rowHasTitle } from './answer.js';

const ID = '7605837846758313266'; // 19 digits: past 2^53

describe('parseKeepingDigits', () => {
  it('keeps a long bare integer as its digits, and leaves strings, short numbers and decimals alone', () => {
    expect(String(JSON.parse(`{"n":${ID}}`).n)).not.toBe(ID); // why the text is read this way
    expect(parseKeepingDigits(`{"item_id":${ID},"s":"a ${ID} \\" 1234567890123456789","n":-12345678901234567,"x":12,"f":1234567890123456789.5,"e":1e21,"a":[${ID}]}`)).toEqual({
      item_id: ID,
      s: `a ${ID} " 1234567890123456789`,
      n: '-12345678901234567',
      x: 12,
      f: 1234567890123456789.5,
      e: 1e21,
      a: [ID],
    });
  });

  it('throws on text that is not JSON', () => {
    expect(() => parseKeepingDigits('<html>')).toThrow();
  });
});

describe('readPublishAnswer', () => {
  const read = (text: string) => readPublishAnswer(parseKeepingDigits(text));

  it('finds the work id in every recorded form', () => {
    expect(read(`{"status_code":0,"item_id":"${ID}"}`)).toEqual({ accepted: true, id: ID, message: 'status_code 0' });
    expect(read(`{"status_code":0,"item_id":${ID}}`).id).toBe(ID);
    expect(read(`{"status_code":0,"ItemId":"${ID}"}`).id).toBe(ID);
    expect(read(`{"status_code":0,"aweme_id":"${ID}"}`).id).toBe(ID);
    expect(read(`{"status_code":0,"aweme":{"aweme_id":${ID}}}`).id).toBe(ID);
  });

  it('an accepted answer without an id, or with one that is not digits, names no work', () => {
    expect(read('{"status_code":0,"status_msg":""}')).toEqual({ accepted: true, message: 'status_code 0' });
    expect(read('{"status_code":0,"item_id":"item-1"}').id).toBeUndefined();
  });

  it('any other status_code is a refusal with douyin’s message', () => {
    expect(read('{"status_code":4,"status_msg":"内容涉嫌违规"}')).toEqual({ accepted: false, message: '内容涉嫌违规' });
    expect(read('{"status_msg":"?"}').accepted).toBe(false);
  });
});

describe('readWorkList', () => {
  it('reads aweme_list rows: id, texts, time', () => {
    const list = readWorkList(parseKeepingDigits(`{"status_code":0,"aweme_list":[{"aweme_id":"${ID}","desc":"标题 正文 #话题","create_time":1700000000},{"desc":"no id"}],"has_more":false}`));
    expect(list).toEqual({ ok: true, message: '0', rows: [{ id: ID, texts: ['标题 正文 #话题'], createdAt: 1700000000 }] });
  });

  it('reads the other recorded shapes: data.work_list, item_list, item_id or statistics.aweme_id, title fields, public_time', () => {
    expect(readWorkList({ data: { work_list: [{ item_id: ID, caption: 'c', public_time: 5 }] } }).rows).toEqual([{ id: ID, texts: ['c'], createdAt: 5 }]);
    expect(readWorkList({ item_list: [{ statistics: { aweme_id: ID }, share_info: { share_title: 's' }, item_title: 't', title: 'u' }] }).rows).toEqual([
      { id: ID, texts: ['t', 'u', 's'], createdAt: null },
    ]);
    expect(readWorkList({ status_code: 8, status_msg: '用户未登录' })).toEqual({ ok: false, message: '用户未登录', rows: [] });
  });
});

describe('rowHasTitle', () => {
  const row = (...texts: string[]) => ({ id: ID, texts, createdAt: null });
  it('matches a text equal to the title, or one that goes on after a space or a line break', () => {
    expect(rowHasTitle(row('抖音视频 1'), '抖音视频 1')).toBe(true);
    expect(rowHasTitle(row('抖音视频 1 一段 简介 #科普'), '抖音视频 1')).toBe(true);
    expect(rowHasTitle(row('图文标题 1\n第二行'), '图文标题 1')).toBe(true);
    expect(rowHasTitle(row('抖音视频 10 简介'), '抖音视频 1')).toBe(false);
    expect(rowHasTitle(row('另一个'), '抖音视频 1')).toBe(false);
    expect(rowHasTitle(row('x'), ' ')).toBe(false);
  });
});

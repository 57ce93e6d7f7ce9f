import { describe, expect, it } from 'vitest';
import { AdapterError } from '../contract.js';
import { webPictures } from '../kit/pictures.js';
import { zhihuHtml } from './html.js';

describe('zhihuHtml', () => {
  it('writes code blocks, tables, task lists and lone pictures the way the Draft.js editor stores them', () => {
    const html = zhihuHtml('```ts\nconst a = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n- [ ] todo\n- [x] done\n\n![图](https://e.test/a.png)\n');
    expect(html).toBe(
      [
        '<pre lang="ts"><code>const a = 1 &lt; 2;</code></pre>',
        '<table data-draft-node="block" data-draft-type="table" data-size="normal" data-row-style="normal"><tbody><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></tbody></table>',
        '<ul>\n<li>☐ todo</li>\n<li>☑ done</li>\n</ul>',
        '<figure><img src="https://e.test/a.png" alt="图" /></figure>',
      ].join('\n'),
    );
  });

  it('keeps a code block without a language, a header-only table and a picture inside text as they are', () => {
    expect(zhihuHtml('```\nx\n```')).toBe('<pre><code>x</code></pre>');
    expect(zhihuHtml('| a |\n|---|\n')).toBe('<table data-draft-node="block" data-draft-type="table" data-size="normal" data-row-style="normal"><tbody><tr><th>a</th></tr></tbody></table>');
    expect(zhihuHtml('见 ![图](https://e.test/a.png) 此处')).toBe('<p>见 <img src="https://e.test/a.png" alt="图" /> 此处</p>');
  });
});

describe('webPictures', () => {
  it('lists each web picture once, entities decoded, and refuses one on this machine', () => {
    expect(webPictures({ markdown: '![a](https://e.test/a.png?x=1&y=2)\n\n![b](https://e.test/a.png?x=1&y=2)' }, 'zhihu')).toEqual(['https://e.test/a.png?x=1&y=2']);
    const err = (() => {
      try {
        webPictures({ markdown: '![a](figure.png)' }, 'zhihu');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AdapterError);
    expect((err as AdapterError).code).toBe('upload_failed');
  });
});

/**
 * The simulator's own XML-RPC reading and writing, written apart from the
 * control plane's codec on purpose: a request the executor encoded wrongly
 * (an unescaped `<` or `&` in a title) fails here instead of being read back
 * by the same mistake.
 */

export type Value = string | number | boolean | Date | Buffer | null | Value[] | { [k: string]: Value };

export class XmlError extends Error {}

interface El {
  tag: string;
  kids: Array<El | string>;
}

function decodeText(s: string): string {
  // Every '&' must start one of the predefined entities or a character reference.
  return s.replace(/&([^;]*);?/g, (m, ref: string) => {
    if (!m.endsWith(';')) throw new XmlError(`bare & in text near ${JSON.stringify(s.slice(0, 40))}`);
    if (ref === 'lt') return '<';
    if (ref === 'gt') return '>';
    if (ref === 'amp') return '&';
    if (ref === 'quot') return '"';
    if (ref === 'apos') return "'";
    const n = /^#x([0-9a-f]+)$/i.exec(ref) ? parseInt(ref.slice(2), 16) : /^#(\d+)$/.exec(ref) ? parseInt(ref.slice(1), 10) : NaN;
    if (!Number.isFinite(n)) throw new XmlError(`unknown entity &${ref};`);
    return String.fromCodePoint(n);
  });
}

function tree(xml: string): El {
  const root: El = { tag: '#root', kids: [] };
  const stack = [root];
  const body = xml.replace(/^\s*<\?xml[^?]*\?>/, '');
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(body)) throw new XmlError('control character not allowed in XML 1.0');
  for (const m of body.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w.:-]*)\s*(\/?)>|<|[^<]+/g)) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.kids.push(m[1]);
    else if (m[3]) {
      if (m[2]) {
        if (top.tag !== m[3]) throw new XmlError(`</${m[3]}> closes <${top.tag}>`);
        stack.pop();
      } else {
        const el: El = { tag: m[3], kids: [] };
        top.kids.push(el);
        if (!m[4]) stack.push(el);
      }
    } else if (m[0] === '<') throw new XmlError('a < that starts no tag');
    else top.kids.push(decodeText(m[0]));
  }
  if (stack.length !== 1) throw new XmlError(`<${stack[stack.length - 1]!.tag}> is not closed`);
  return root;
}

const els = (e: El) => e.kids.filter((k): k is El => typeof k !== 'string');
const txt = (e: El): string => e.kids.map((k) => (typeof k === 'string' ? k : txt(k))).join('');
const child = (e: El, tag: string) => {
  const c = els(e).find((k) => k.tag === tag);
  if (!c) throw new XmlError(`<${e.tag}> lacks <${tag}>`);
  return c;
};

function value(v: El): Value {
  const [t] = els(v);
  if (!t) return txt(v);
  const s = txt(t);
  switch (t.tag) {
    case 'string':
      return s;
    case 'int':
    case 'i4':
      return parseInt(s, 10);
    case 'double':
      return parseFloat(s);
    case 'boolean':
      return s.trim() === '1';
    case 'base64':
      return Buffer.from(s, 'base64');
    case 'dateTime.iso8601':
      return new Date(s.replace(/^(\d{4})(\d{2})(\d{2})T/, '$1-$2-$3T') + (/(Z|[+-]\d\d:?\d\d)$/.test(s) ? '' : 'Z'));
    case 'nil':
      return null;
    case 'array':
      return els(child(t, 'data')).map(value);
    case 'struct':
      return Object.fromEntries(els(t).map((m) => [txt(child(m, 'name')), value(child(m, 'value'))]));
    default:
      throw new XmlError(`unknown type <${t.tag}>`);
  }
}

export function parseCall(xml: string): { method: string; params: Value[] } {
  const call = child(tree(xml), 'methodCall');
  const params = els(call).find((e) => e.tag === 'params');
  return { method: txt(child(call, 'methodName')).trim(), params: params ? els(params).map((p) => value(child(p, 'value'))) : [] };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function enc(v: Value): string {
  if (v === null) return '<value><nil/></value>';
  if (typeof v === 'string') return `<value><string>${esc(v)}</string></value>`;
  if (typeof v === 'number') return Number.isInteger(v) ? `<value><int>${v}</int></value>` : `<value><double>${v}</double></value>`;
  if (typeof v === 'boolean') return `<value><boolean>${v ? 1 : 0}</boolean></value>`;
  if (v instanceof Date) return `<value><dateTime.iso8601>${v.toISOString().replace(/[-]|\.\d+Z$/g, '')}</dateTime.iso8601></value>`;
  if (Buffer.isBuffer(v)) return `<value><base64>${v.toString('base64')}</base64></value>`;
  if (Array.isArray(v)) return `<value><array><data>${v.map(enc).join('')}</data></array></value>`;
  return `<value><struct>${Object.entries(v)
    .map(([k, x]) => `<member><name>${esc(k)}</name>${enc(x)}</member>`)
    .join('')}</struct></value>`;
}

export const response = (v: Value) => `<?xml version="1.0" encoding="UTF-8"?>\n<methodResponse><params><param>${enc(v)}</param></params></methodResponse>`;

export const fault = (code: number, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<methodResponse><fault>${enc({ faultCode: code, faultString: message })}</fault></methodResponse>`;

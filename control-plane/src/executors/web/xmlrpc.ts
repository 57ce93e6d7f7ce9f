/**
 * A small, strict XML-RPC codec (http://xmlrpc.com/spec.md) for the
 * MetaWeblog plugin: encodes a methodCall, decodes a methodResponse (params
 * or fault). Text is escaped for XML 1.0 and characters XML cannot carry at
 * all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped rather
 * than sent as a document the site would refuse. The decoder knows the five
 * predefined entities and character references only and refuses DOCTYPE, so
 * a hostile site cannot expand entities or make us read files.
 */

export type XmlRpcValue = string | number | boolean | Date | Buffer | null | XmlRpcValue[] | { [key: string]: XmlRpcValue };

/** An integer-typed number (`<int>`); plain numbers become `<int>` when integral, `<double>` otherwise. */
export class XmlRpcInt {
  constructor(readonly value: number) {}
}

export class XmlRpcFault extends Error {
  constructor(
    readonly faultCode: number,
    readonly faultString: string,
  ) {
    super(`XML-RPC fault ${faultCode}: ${faultString}`);
  }
}

/** The response was not a well-formed XML-RPC methodResponse. */
export class XmlRpcParseError extends Error {}

// XML 1.0 Char production, minus what we escape: tab, LF, CR, and U+0020..U+D7FF, U+E000..U+FFFD, supplementary planes.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // A CR would be normalized to LF by the parser; a reference keeps it.
    .replace(/\r/g, '&#13;');
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** dateTime.iso8601 as most servers read it: `YYYYMMDDTHH:MM:SS`, in UTC. */
function isoDate(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function encodeValue(value: XmlRpcValue | XmlRpcInt): string {
  if (value instanceof XmlRpcInt) return `<value><int>${intText(value.value)}</int></value>`;
  if (value === null) return '<value><nil/></value>';
  if (typeof value === 'string') return `<value><string>${escapeXml(value)}</string></value>`;
  if (typeof value === 'boolean') return `<value><boolean>${value ? 1 : 0}</boolean></value>`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('XML-RPC cannot carry NaN or Infinity');
    return Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1 ? `<value><int>${value}</int></value>` : `<value><double>${value}</double></value>`;
  }
  if (value instanceof Date) return `<value><dateTime.iso8601>${isoDate(value)}</dateTime.iso8601></value>`;
  if (Buffer.isBuffer(value)) return `<value><base64>${value.toString('base64')}</base64></value>`;
  if (Array.isArray(value)) return `<value><array><data>${value.map(encodeValue).join('')}</data></array></value>`;
  const members = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<member><name>${escapeXml(k)}</name>${encodeValue(v)}</member>`);
  return `<value><struct>${members.join('')}</struct></value>`;
}

function intText(n: number): string {
  if (!Number.isInteger(n) || n < -(2 ** 31) || n > 2 ** 31 - 1) throw new TypeError(`${n} is not a 32-bit integer`);
  return String(n);
}

export function encodeMethodCall(method: string, params: Array<XmlRpcValue | XmlRpcInt>): string {
  if (!/^[A-Za-z0-9_.:/]+$/.test(method)) throw new TypeError(`invalid XML-RPC method name ${method}`);
  const ps = params.map((p) => `<param>${encodeValue(p)}</param>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<methodCall><methodName>${method}</methodName><params>${ps}</params></methodCall>`;
}

// ---- decoding ----

interface Element {
  name: string;
  children: Node[];
}
type Node = Element | string;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code > 0x10ffff) throw new XmlRpcParseError(`bad character reference ${m}`);
      return String.fromCodePoint(code);
    }
    const e = ENTITIES[ref];
    if (e === undefined) throw new XmlRpcParseError(`unknown entity ${m}`);
    return e;
  });
}

/** A minimal non-validating XML parser: elements, text, CDATA, comments, PIs; no DOCTYPE. */
export function parseXml(xml: string): Element {
  let i = 0;
  const root: Element = { name: '#document', children: [] };
  const stack: Element[] = [root];
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt === -1 ? xml.length : lt;
    if (textEnd > i) stack[stack.length - 1]!.children.push(decodeEntities(xml.slice(i, textEnd)));
    if (lt === -1) break;
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt);
      if (end === -1) throw new XmlRpcParseError('unterminated processing instruction');
      i = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end === -1) throw new XmlRpcParseError('unterminated comment');
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end === -1) throw new XmlRpcParseError('unterminated CDATA');
      stack[stack.length - 1]!.children.push(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (xml.startsWith('<!', lt)) {
      throw new XmlRpcParseError('DOCTYPE and declarations are not accepted');
    } else if (xml.startsWith('</', lt)) {
      const end = xml.indexOf('>', lt);
      if (end === -1) throw new XmlRpcParseError('unterminated end tag');
      const name = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw new XmlRpcParseError(`unexpected </${name}>`);
      i = end + 1;
    } else {
      const end = xml.indexOf('>', lt);
      if (end === -1) throw new XmlRpcParseError('unterminated tag');
      let body = xml.slice(lt + 1, end);
      const selfClosing = body.endsWith('/');
      if (selfClosing) body = body.slice(0, -1);
      const name = /^[^\s/>]+/.exec(body)?.[0];
      if (!name) throw new XmlRpcParseError('empty tag');
      const el: Element = { name, children: [] };
      stack[stack.length - 1]!.children.push(el);
      if (!selfClosing) stack.push(el);
      i = end + 1;
    }
  }
  if (stack.length !== 1) throw new XmlRpcParseError(`unclosed <${stack[stack.length - 1]!.name}>`);
  return root;
}

const elements = (el: Element) => el.children.filter((c): c is Element => typeof c !== 'string');
const text = (el: Element): string => el.children.map((c) => (typeof c === 'string' ? c : text(c))).join('');
function only(el: Element, name: string): Element {
  const found = elements(el).filter((c) => c.name === name);
  if (found.length !== 1) throw new XmlRpcParseError(`<${el.name}> must hold exactly one <${name}>`);
  return found[0]!;
}

export function decodeValue(value: Element): XmlRpcValue {
  const kids = elements(value);
  if (kids.length === 0) return text(value); // no type element: string
  if (kids.length !== 1) throw new XmlRpcParseError('<value> holds more than one type');
  const t = kids[0]!;
  const s = text(t);
  switch (t.name) {
    case 'string':
      return s;
    case 'int':
    case 'i4':
    case 'i8': {
      if (!/^\s*[+-]?\d+\s*$/.test(s)) throw new XmlRpcParseError(`bad <${t.name}> ${s}`);
      return Number(s.trim());
    }
    case 'boolean': {
      const v = s.trim();
      if (v !== '0' && v !== '1') throw new XmlRpcParseError(`bad <boolean> ${s}`);
      return v === '1';
    }
    case 'double': {
      const n = Number(s.trim());
      if (s.trim() === '' || !Number.isFinite(n)) throw new XmlRpcParseError(`bad <double> ${s}`);
      return n;
    }
    case 'dateTime.iso8601':
      return parseIsoDate(s.trim());
    case 'base64':
      return Buffer.from(s.replace(/\s+/g, ''), 'base64');
    case 'nil':
      return null;
    case 'array':
      return elements(only(t, 'data')).map((v) => {
        if (v.name !== 'value') throw new XmlRpcParseError(`<data> holds <${v.name}>`);
        return decodeValue(v);
      });
    case 'struct': {
      const out: Record<string, XmlRpcValue> = {};
      for (const m of elements(t)) {
        if (m.name !== 'member') throw new XmlRpcParseError(`<struct> holds <${m.name}>`);
        out[text(only(m, 'name'))] = decodeValue(only(m, 'value'));
      }
      return out;
    }
    default:
      throw new XmlRpcParseError(`unknown XML-RPC type <${t.name}>`);
  }
}

function parseIsoDate(s: string): Date {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) throw new XmlRpcParseError(`bad <dateTime.iso8601> ${s}`);
  const [, y, mo, d, h, mi, se, zone] = m;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${se}${zone ? (zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`) : 'Z'}`);
}

/** The first param of a methodResponse; throws XmlRpcFault for a fault, XmlRpcParseError for anything else. */
export function decodeMethodResponse(xml: string): XmlRpcValue {
  const doc = parseXml(xml);
  const response = elements(doc).filter((e) => e.name === 'methodResponse');
  if (response.length !== 1 || elements(doc).length !== 1) throw new XmlRpcParseError('not a methodResponse');
  const body = elements(response[0]!);
  if (body.length !== 1) throw new XmlRpcParseError('methodResponse must hold params or fault');
  const part = body[0]!;
  if (part.name === 'fault') {
    const fault = decodeValue(only(part, 'value'));
    if (!fault || typeof fault !== 'object' || Array.isArray(fault) || fault instanceof Date || Buffer.isBuffer(fault)) throw new XmlRpcParseError('fault is not a struct');
    const code = Number(fault.faultCode);
    throw new XmlRpcFault(Number.isFinite(code) ? code : 0, String(fault.faultString ?? ''));
  }
  if (part.name !== 'params') throw new XmlRpcParseError(`unexpected <${part.name}>`);
  const params = elements(part);
  if (params.length !== 1 || params[0]!.name !== 'param') throw new XmlRpcParseError('methodResponse must hold one param');
  return decodeValue(only(params[0]!, 'value'));
}

/** A methodCall's name and params (the simulator and tests read what we sent with it). */
export function decodeMethodCall(xml: string): { method: string; params: XmlRpcValue[] } {
  const doc = parseXml(xml);
  const call = only(doc, 'methodCall');
  const method = text(only(call, 'methodName')).trim();
  const paramsEl = elements(call).find((e) => e.name === 'params');
  const params = paramsEl ? elements(paramsEl).map((p) => decodeValue(only(p, 'value'))) : [];
  return { method, params };
}

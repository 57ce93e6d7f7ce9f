import { describe, expect, it } from 'vitest';
import { decodeMethodCall, decodeMethodResponse, encodeMethodCall, escapeXml, XmlRpcFault, XmlRpcInt, XmlRpcParseError } from './xmlrpc.js';

describe('happy path', () => {
  it('round-trips every type through a methodCall', () => {
    const when = new Date('2026-11-22T10:11:12Z');
    const xml = encodeMethodCall('metaWeblog.newPost', [
      '1',
      new XmlRpcInt(7),
      1.5,
      true,
      when,
      Buffer.from('bytes'),
      null,
      { title: 'T', categories: ['a', 'b'], nested: { n: 2 } },
    ]);
    expect(decodeMethodCall(xml)).toEqual({
      method: 'metaWeblog.newPost',
      params: ['1', 7, 1.5, true, when, Buffer.from('bytes'), null, { title: 'T', categories: ['a', 'b'], nested: { n: 2 } }],
    });
  });

  it('decodes a response with untyped strings, whitespace and CDATA', () => {
    const xml = `<?xml version="1.0"?>
      <methodResponse>
        <params><param><value><array><data>
          <value>plain &amp; simple</value>
          <value><struct><member><name>postid</name><value><i4>42</i4></value></member>
            <member><name>description</name><value><string><![CDATA[<p>x</p>]]></string></value></member></struct></value>
          <value><dateTime.iso8601>20261122T10:11:12</dateTime.iso8601></value>
        </data></array></value></param></params>
      </methodResponse>`;
    expect(decodeMethodResponse(xml)).toEqual(['plain & simple', { postid: 42, description: '<p>x</p>' }, new Date('2026-11-22T10:11:12Z')]);
  });
});

describe('errors', () => {
  it('turns a fault into XmlRpcFault with its code and string', () => {
    const xml = `<methodResponse><fault><value><struct>
      <member><name>faultCode</name><value><int>403</int></value></member>
      <member><name>faultString</name><value><string>Incorrect username or password.</string></value></member>
      </struct></value></fault></methodResponse>`;
    expect(() => decodeMethodResponse(xml)).toThrow(XmlRpcFault);
    try {
      decodeMethodResponse(xml);
    } catch (err) {
      expect(err).toMatchObject({ faultCode: 403, faultString: 'Incorrect username or password.' });
    }
  });

  it.each([
    ['HTML instead of XML-RPC', '<html><body>Hello</body></html>'],
    ['an unclosed element', '<methodResponse><params>'],
    ['a DOCTYPE (entity expansion)', '<!DOCTYPE x [<!ENTITY a "aaaa">]><methodResponse/>'],
    ['an unknown entity', '<methodResponse><params><param><value>&xxe;</value></param></params></methodResponse>'],
    ['a bad int', '<methodResponse><params><param><value><int>12a</int></value></param></params></methodResponse>'],
  ])('refuses %s', (_name, xml) => {
    expect(() => decodeMethodResponse(xml)).toThrow(XmlRpcParseError);
  });
});

describe('security', () => {
  it('escapes markup and drops characters XML 1.0 cannot carry', () => {
    const hostile = `</string></value><script>alert("x")</script> & &amp; ]]> \u0001\u0000 'q' \r\n \ud800 😀`;
    const xml = encodeMethodCall('metaWeblog.newPost', [{ title: hostile }]);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
    const back = decodeMethodCall(xml).params[0] as { title: string };
    expect(back.title).toBe(`</string></value><script>alert("x")</script> & &amp; ]]>  'q' \r\n  😀`);
    expect(escapeXml('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });

  it('refuses method names that would break the document', () => {
    expect(() => encodeMethodCall('x</methodName>', [])).toThrow(TypeError);
  });
});

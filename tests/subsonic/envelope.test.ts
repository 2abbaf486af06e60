import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { SubsonicError, type SubsonicParams } from '../../server/modules/subsonic/subsonic-call';
import {
  escapeXml,
  formatOf,
  renderError,
  renderOk,
  xmlElement,
} from '../../server/modules/subsonic/subsonic-envelope';

const params = (values: Record<string, string>): SubsonicParams => ({
  get: (name) => values[name],
  getAll: (name) => (values[name] === undefined ? [] : [values[name]]),
});

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi"';
const ATTRS = `status="ok" version="1.16.1" type="musicbox" serverVersion="${packageJson.version}" openSubsonic="true"`;

describe('the XML form of a payload', () => {
  it('writes scalars as attributes, objects as child elements, arrays as repeated elements', () => {
    expect(
      xmlElement('album', {
        id: 'al-1',
        songCount: 2,
        isCompilation: false,
        song: [{ id: '1', track: 1 }, { id: '2' }],
        replayGain: { albumGain: -6.5 },
        missing: null,
        gone: undefined,
      }),
    ).toBe(
      '<album id="al-1" songCount="2" isCompilation="false">' +
        '<song id="1" track="1"/><song id="2"/><replayGain albumGain="-6.5"/></album>',
    );
  });

  it('writes a value key as the text, and scalars in an array as elements with text', () => {
    expect(xmlElement('lyrics', { artist: 'A', value: 'la la' })).toBe(
      '<lyrics artist="A">la la</lyrics>',
    );
    expect(xmlElement('user', { username: 'u', folder: [1, 2] })).toBe(
      '<user username="u"><folder>1</folder><folder>2</folder></user>',
    );
    expect(xmlElement('musicFolders', { musicFolder: [] })).toBe('<musicFolders/>');
  });

  it('escapes & < > " \' in attributes and text, and keeps tabs and line breaks', () => {
    const nasty = `Tom & "Jerry" <b>'s'</b>\tA\nB\rC`;
    const expected =
      'Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&apos;&lt;/b&gt;&#9;A&#10;B&#13;C';
    expect(xmlElement('song', { title: nasty })).toBe(`<song title="${expected}"/>`);
    expect(xmlElement('line', { value: nasty })).toBe(`<line>${expected}</line>`);
  });

  it('replaces what XML 1.0 cannot carry (control characters, lone surrogates)', () => {
    expect(escapeXml('a\u0000b\u0007c\u001fd\u000be\ufffe')).toBe(
      'a\ufffdb\ufffdc\ufffdd\ufffde\ufffd',
    );
    expect(escapeXml('x\ud800y')).toBe('x\ufffdy');
    expect(escapeXml('x\udc00y')).toBe('x\ufffdy');
    // A real pair (an emoji) stays.
    expect(escapeXml('🎵')).toBe('🎵');
  });

  it('leaves out numbers that are not finite, and writes dates as ISO text', () => {
    expect(xmlElement('song', { bitRate: Number.NaN, created: new Date(0) })).toBe(
      '<song created="1970-01-01T00:00:00.000Z"/>',
    );
  });
});

describe('the subsonic-response envelope', () => {
  it('is XML by default, with the namespace, version and OpenSubsonic fields', () => {
    const xml = renderOk({ license: { valid: true } }, formatOf(params({})));
    expect(xml.contentType).toBe('text/xml; charset=utf-8');
    expect(xml.body).toBe(`${HEAD} ${ATTRS}><license valid="true"/></subsonic-response>`);
    expect(renderOk({}, formatOf(params({ f: 'xml' }))).body).toBe(`${HEAD} ${ATTRS}/>`);
  });

  it('is JSON with f=json, the payload beside the fields', () => {
    const json = renderOk({ license: { valid: true } }, formatOf(params({ f: 'json' })));
    expect(json.contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.body)).toEqual({
      'subsonic-response': {
        status: 'ok',
        version: '1.16.1',
        type: 'musicbox',
        serverVersion: packageJson.version,
        openSubsonic: true,
        license: { valid: true },
      },
    });
  });

  it('is a script calling the callback with f=jsonp', () => {
    const jsonp = renderError(
      70,
      'Not found',
      formatOf(params({ f: 'jsonp', callback: 'app.cb' })),
    );
    expect(jsonp.contentType).toBe('application/javascript; charset=utf-8');
    expect(jsonp.body).toMatch(/^app\.cb\(\{"subsonic-response":\{"status":"failed",/);
    expect(jsonp.body).toMatch(/"error":\{"code":70,"message":"Not found"\}\}\}\);$/);
  });

  it('refuses a callback that is not a plain function name (error 10)', () => {
    for (const callback of ['alert(1)//', '', 'a b', '1abc', 'x;y', 'a..b', 'x'.repeat(65)]) {
      expect(() => formatOf(params({ f: 'jsonp', callback })), callback).toThrow(SubsonicError);
    }
    expect(() => formatOf(params({ f: 'jsonp' }))).toThrow(/callback/);
  });

  it('writes errors as an error element', () => {
    expect(renderError(10, 'Required parameter is missing: id', { kind: 'xml' }).body).toBe(
      `${HEAD} ${ATTRS.replace('status="ok"', 'status="failed"')}>` +
        '<error code="10" message="Required parameter is missing: id"/></subsonic-response>',
    );
  });
});

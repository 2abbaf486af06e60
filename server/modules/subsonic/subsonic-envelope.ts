import packageJson from '../../../package.json' with { type: 'json' };
import { SubsonicError, type SubsonicParams, type SubsonicPayload } from './subsonic-call';

/** The Subsonic API version we answer to, and who we are (the OpenSubsonic fields). */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'musicbox';
export const SERVER_VERSION: string = packageJson.version;

export type SubsonicFormat =
  { kind: 'xml' } | { kind: 'json' } | { kind: 'jsonp'; callback: string };

export interface Rendered {
  body: string;
  contentType: string;
}

/** A JavaScript identifier path (`cb`, `app.onData`): nothing else is ever echoed as code. */
const CALLBACK = /^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){0,3}$/;

/** `f=json`, `f=jsonp&callback=name`, else XML (the Subsonic default). */
export function formatOf(params: SubsonicParams): SubsonicFormat {
  const f = params.get('f');
  if (f === 'json') return { kind: 'json' };
  if (f !== 'jsonp') return { kind: 'xml' };
  const callback = params.get('callback');
  if (callback === undefined || callback === '') {
    throw new SubsonicError(10, 'Required parameter is missing: callback');
  }
  if (!CALLBACK.test(callback)) {
    throw new SubsonicError(10, 'Parameter callback must be a JavaScript function name');
  }
  return { kind: 'jsonp', callback };
}

/** What every answer starts with, ok or failed. */
function head(status: 'ok' | 'failed'): SubsonicPayload {
  return {
    status,
    version: SUBSONIC_API_VERSION,
    type: SERVER_TYPE,
    serverVersion: SERVER_VERSION,
    openSubsonic: true,
  };
}

export const renderOk = (payload: SubsonicPayload, format: SubsonicFormat): Rendered =>
  render({ ...head('ok'), ...payload }, format);

export const renderError = (code: number, message: string, format: SubsonicFormat): Rendered =>
  render({ ...head('failed'), error: { code, message } }, format);

function render(response: SubsonicPayload, format: SubsonicFormat): Rendered {
  switch (format.kind) {
    case 'json':
      return {
        body: JSON.stringify({ 'subsonic-response': response }),
        contentType: 'application/json; charset=utf-8',
      };
    case 'jsonp':
      return {
        body: `${format.callback}(${JSON.stringify({ 'subsonic-response': response })});`,
        contentType: 'application/javascript; charset=utf-8',
      };
    case 'xml':
      return {
        body: `<?xml version="1.0" encoding="UTF-8"?>${xmlElement('subsonic-response', response, ' xmlns="http://subsonic.org/restapi"')}`,
        contentType: 'text/xml; charset=utf-8',
      };
  }
}

// XML 1.0 cannot carry these at all, not even as character references: they become U+FFFD.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // Kept as references so attribute-value normalisation does not turn them into spaces.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Safe in an attribute value and in element text alike. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"'\t\n\r]/g, (ch) => ESCAPES[ch] ?? ch);
}

/** A value written as text (an attribute or element text); null when it is left out. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (value instanceof Date) return value.toISOString();
  return null;
}

/**
 * Subsonic's XML form of a JSON payload: scalars are attributes, objects child elements,
 * arrays repeated elements of the key's name, and a `value` key the element's text. A scalar
 * inside an array is an element with that text (`<folder>1</folder>`).
 */
export function xmlElement(name: string, value: unknown, extraAttributes = ''): string {
  if (Array.isArray(value)) return value.map((item) => xmlElement(name, item)).join('');
  if (value === null || value === undefined) return '';
  const text = scalarText(value);
  if (text !== null) return `<${name}>${escapeXml(text)}</${name}>`;
  if (typeof value !== 'object') return '';
  let attributes = extraAttributes;
  let children = '';
  let content = '';
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childText = scalarText(child);
    if (childText === null) children += xmlElement(key, child);
    else if (key === 'value') content = escapeXml(childText);
    else attributes += ` ${key}="${escapeXml(childText)}"`;
  }
  const inner = content + children;
  return inner === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${inner}</${name}>`;
}

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it('keeps bold, italics, lists and paragraphs', () => {
    const html = '<p>Get <b>more</b> and <em>faster</em></p><ul><li>one</li><li>two</li></ul>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops scripts, styles and their content', () => {
    expect(sanitizeDescription('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe(
      '<p>a</p>',
    );
  });

  it('drops every attribute except a safe link address', () => {
    const out = sanitizeDescription(
      '<p onclick="x()" style="color:red" class="c">t</p><img src=x onerror="alert(1)">',
    );
    expect(out).toBe('<p>t</p>');
  });

  it('keeps http links, opening them apart from the page', () => {
    expect(sanitizeDescription('<a href="https://example.com/x">site</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
  });

  it('removes javascript: and data: link addresses', () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('keeps the text of unknown wrappers and escapes what is text', () => {
    expect(sanitizeDescription('<div><font>plain</font></div> &lt;b&gt;')).toBe('plain &lt;b&gt;');
  });

  it('drops svg and iframe payloads', () => {
    expect(sanitizeDescription('<p>ok</p><svg onload="alert(1)"><circle /></svg>')).toBe(
      '<p>ok</p>',
    );
    expect(sanitizeDescription('<iframe src="x"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });
});

/**
 * The client's own pass over a product description before it is rendered as HTML. The server
 * sanitises on save; this keeps a compromised or older row from running script in the page.
 * It rebuilds the markup from an allowlist instead of deleting what is known to be bad, using
 * the browser's DOMParser (which never runs scripts or loads resources of what it parses).
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'span',
]);
/** Elements whose text is not content either: dropped with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
]);
const SAFE_LINK = /^(https?:|mailto:|\/(?!\/))/i;

function copyInto(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      // An unknown wrapper (div, font, ...) keeps its text.
      copyInto(element, target, doc);
      continue;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = (element.getAttribute('href') ?? '').trim();
      if (SAFE_LINK.test(href)) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    copyInto(element, clean, doc);
    target.appendChild(clean);
  }
}

export function sanitizeDescription(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copyInto(parsed.body, root, out);
  return root.innerHTML;
}

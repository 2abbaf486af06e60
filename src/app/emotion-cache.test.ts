// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createStyleCache, TaskSheet } from './emotion-cache';

const sheets = () => [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')];
const rulesOf = (tag: HTMLStyleElement) => [...(tag.sheet?.cssRules ?? [])].map((r) => r.cssText);
const nextMicrotask = () => Promise.resolve();
// As in the production build; in development Emotion writes one element per rule anyway.
const productionSheet = () => new TaskSheet({ key: 'css', container: document.head, speedy: true });

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the app's style sheet", () => {
  it('puts the rules of one task into one new element, in order', () => {
    const sheet = productionSheet();
    sheet.insert('.css-a{color:red;}');
    sheet.insert('@media screen and (min-width: 64rem){.css-a{color:blue;}}');
    sheet.insert('.css-b{color:green;}');
    expect(sheets()).toHaveLength(1);
    const rules = rulesOf(sheets()[0]!);
    expect(rules).toHaveLength(3);
    expect(rules[0]).toContain('.css-a');
    expect(rules[1]).toContain('@media');
    expect(rules[2]).toContain('.css-b');
  });

  it('starts a new element after the task, after the earlier ones, leaving those as they were', async () => {
    const sheet = productionSheet();
    sheet.insert('.css-a{color:red;}');
    await nextMicrotask();
    sheet.insert('.css-b{color:green;}');
    sheet.insert('.css-c{color:blue;}');
    const [first, second] = sheets();
    expect(sheets()).toHaveLength(2);
    expect(rulesOf(first!)).toHaveLength(1);
    expect(rulesOf(second!).map((r) => r.slice(0, 6))).toEqual(['.css-b', '.css-c']);
    expect(first!.compareDocumentPosition(second!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sheet.tags).toEqual([first, second]);
  });

  it('removes every element on flush, and starts again after', async () => {
    const sheet = productionSheet();
    sheet.insert('.css-a{color:red;}');
    await nextMicrotask();
    sheet.insert('.css-b{color:red;}');
    sheet.flush();
    expect(sheets()).toHaveLength(0);
    sheet.insert('.css-c{color:red;}');
    expect(sheets()).toHaveLength(1);
  });

  it("is the sheet of the cache Chakra's components use, under the key their class names carry", () => {
    const cache = createStyleCache();
    expect(cache.key).toBe('css');
    expect(cache.sheet).toBeInstanceOf(TaskSheet);
    expect(cache.sheet.container).toBe(document.head);
  });
});

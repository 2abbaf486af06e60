import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHAKRA_GLOBAL_CSS, chakraStaticGlobalCss } from '../../scripts/vite-chakra-global-css';
import { chakraModule, hookOf, pluginContext } from './vite-plugin-hooks';

const plugin = chakraStaticGlobalCss();
const hook = (name: 'resolveId' | 'load' | 'transform') => hookOf(plugin, name);
const context = pluginContext;

const systemPath = chakraModule('system.js');

describe('the static Chakra stylesheet (vite-chakra-global-css)', () => {
  it('holds the layer order, the reset, the global styles and every token, ours included', async () => {
    const id = hook('resolveId').call(context, CHAKRA_GLOBAL_CSS);
    const css = String(await hook('load').call(context, id));
    expect(css.indexOf('@layer reset,base,tokens,recipes;')).toBe(0);
    expect(css).toMatch(/@layer reset\{/);
    expect(css).toMatch(/html, body\{min-height:100%;\}|html,body\{min-height:100%;?\}/);
    expect(css).toContain('--chakra-colors-teal-700:');
    expect(css).toContain('--chakra-sizes-drawer:200px');
    expect(css).toMatch(/\.dark [^{]*\{[^}]*--chakra-colors-brand-solid/);
  });

  it('gives no custom property to every element: the reset reads three, inherited from html', async () => {
    const id = hook('resolveId').call(context, CHAKRA_GLOBAL_CSS);
    const css = String(await hook('load').call(context, id));
    const rules = [...css.matchAll(/(?:^|[}{;])\s*([^{};]+)\{([^{}]*)\}/g)];
    const everyElement = rules.filter(([, selector]) => selector!.trim() === '*');
    expect(everyElement.length).toBeGreaterThan(0);
    for (const [, , body] of everyElement) expect(body).not.toContain('--');
    expect(css).toMatch(/(^|[{}])html\{[^}]*--global-color-border:var\(--chakra-colors-border\)/);
    expect(css).toMatch(/(^|[{}])html\{[^}]*--global-font-body:var\(--chakra-fonts-body\)/);
    expect(css).toContain('var(--global-color-border, currentColor)');
  });

  it("empties the client system's eagerly built CSS, and stops the build on a Chakra it does not know", async () => {
    const code = await readFile(systemPath, 'utf8');
    const out = hook('transform').call(context, code, systemPath) as { code: string };
    expect(out.code).toContain('const _global = [];');
    expect(out.code).not.toMatch(/getTokenCss\(\)\s*\]/);
    expect(() =>
      hook('transform').call(
        context,
        code.replace('getTokenCss()]', 'getTokenCss(), x]'),
        systemPath,
      ),
    ).toThrow(/no longer builds _global/);
    expect(hook('transform').call(context, code, '/elsewhere/system.js')).toBeUndefined();
  });
});

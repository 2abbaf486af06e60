import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LAZY_SCHEMA_NAME, lazySchemas } from '../../scripts/vite-lazy-schemas';
import { lazySchema } from '../../src/lib/lazy-schema';
import { pluginContext } from './vite-plugin-hooks';

const plugin = lazySchemas('/app/src/lib/lazy-schema.ts');
const transform = (code: string, id = '/app/domain/thing.ts') => {
  const hook = plugin.transform as { handler: (code: string, id: string) => unknown };
  return hook.handler.call(pluginContext, code, id) as { code: string } | null;
};

describe('lazySchema (src/lib/lazy-schema.ts)', () => {
  it('builds the schema on first use, once, and stands for it in parsing, extending and instanceof', () => {
    const build = vi.fn(() => z.object({ id: z.number().int(), name: z.string() }));
    const Lazy = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(Lazy.parse({ id: 1, name: 'a' })).toEqual({ id: 1, name: 'a' });
    expect(Lazy.safeParse({ id: 1.5, name: 'a' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
    expect(Lazy instanceof z.ZodObject).toBe(true);
    expect('shape' in Lazy).toBe(true);
    expect(Object.keys(Lazy.shape)).toEqual(['id', 'name']);
    const Extended = Lazy.extend({ extra: z.boolean() });
    expect(Extended.parse({ id: 2, name: 'b', extra: true })).toEqual({
      id: 2,
      name: 'b',
      extra: true,
    });
    // Inside another schema, and inside another lazy one.
    const Outer = lazySchema(() => z.object({ items: z.array(Lazy) }));
    expect(Outer.parse({ items: [{ id: 3, name: 'c' }] }).items[0]?.id).toBe(3);
    expect(() => Outer.parse({ items: [{ id: 'x' }] })).toThrow();
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('the lazy-schemas build plugin (scripts/vite-lazy-schemas.ts)', () => {
  it('wraps the top-level schemas built from z or from another schema, and nothing else', () => {
    const out = transform(
      [
        "import { z } from 'zod';",
        'export const ThingSchema = z.object({ id: z.number().int() });',
        'export const ThingInputSchema = ThingSchema.omit({ id: true }).partial();',
        'const IdParams = z.object({ id: z.coerce.number() });',
        "export const KINDS = z.enum(['a', 'b']).options;",
        'export const parsed = ThingSchema.parse({ id: 1 });',
        'export const LIMIT = 5;',
        'export function later() { return z.string(); }',
      ].join('\n'),
    );
    expect(out).not.toBeNull();
    const code = out!.code;
    expect(code).toContain(
      `import { lazySchema as ${LAZY_SCHEMA_NAME} } from "/app/src/lib/lazy-schema.ts";`,
    );
    expect(code).toContain(
      `ThingSchema = ${LAZY_SCHEMA_NAME}(() => z.object({ id: z.number().int() }))`,
    );
    expect(code).toContain(
      `ThingInputSchema = ${LAZY_SCHEMA_NAME}(() => ThingSchema.omit({ id: true }).partial())`,
    );
    expect(code).toContain(`IdParams = ${LAZY_SCHEMA_NAME}(() => z.object(`);
    expect(code).toContain("KINDS = z.enum(['a', 'b']).options;");
    expect(code).toContain('parsed = ThingSchema.parse({ id: 1 });');
    expect(code).toContain('return z.string();');
  });

  it('leaves modules without zod, and dependencies, as they are', () => {
    expect(transform('export const ThingSchema = other.object();')).toBeNull();
    expect(
      transform(
        "import { z } from 'zod';\nexport const A = z.string();",
        '/app/node_modules/x/a.ts',
      ),
    ).toBeNull();
  });
});

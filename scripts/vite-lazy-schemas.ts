import { parseAst, type Plugin } from 'vite';

/**
 * Zod methods that return a schema: a top-level declaration that ends in one of them, called on
 * another schema, is a schema too. Anything else (`.parse(...)`, `.options`) is left alone.
 */
const SCHEMA_METHODS = new Set([
  'and',
  'array',
  'catch',
  'check',
  'default',
  'describe',
  'extend',
  'int',
  'keyof',
  'length',
  'max',
  'merge',
  'min',
  'nonempty',
  'nonnegative',
  'nullable',
  'nullish',
  'omit',
  'optional',
  'or',
  'partial',
  'passthrough',
  'pick',
  'pipe',
  'positive',
  'refine',
  'required',
  'safeExtend',
  'strict',
  'strip',
  'superRefine',
  'transform',
  'trim',
]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** `z.a(...).b(...)` or `FooSchema.b(...)`: the identifier the chain starts from, if any. */
function chainRoot(node: Node): { root: string; lastMethod: string } | null {
  if (node.type !== 'CallExpression') return null;
  const callee = node.callee as Node;
  if (callee.type !== 'MemberExpression' || callee.computed) return null;
  const method = (callee.property as Node & { name?: string }).name ?? '';
  let object = callee.object as Node & { name?: string };
  while (object.type === 'CallExpression' || object.type === 'MemberExpression') {
    object = (object.type === 'CallExpression' ? object.callee : object.object) as Node & {
      name?: string;
    };
  }
  return object.type === 'Identifier' ? { root: object.name ?? '', lastMethod: method } : null;
}

/** Is this a schema built at the module's top level, that can wait until it is first used? */
function isSchema(init: Node, zodName: string): boolean {
  const chain = chainRoot(init);
  if (chain === null) return false;
  if (chain.root === zodName) return true;
  return /(Schema|Params|Shape)$/.test(chain.root) && SCHEMA_METHODS.has(chain.lastMethod);
}

/** The local name zod is imported under (`import { z } from 'zod'` or `import * as z`). */
function zodImport(body: Node[]): string | null {
  for (const statement of body) {
    if (statement.type !== 'ImportDeclaration') continue;
    if ((statement.source as Node & { value: string }).value !== 'zod') continue;
    for (const specifier of statement.specifiers as (Node & { local: { name: string } })[]) {
      const imported = (specifier as { imported?: { name?: string } }).imported?.name;
      if (specifier.type === 'ImportNamespaceSpecifier' || imported === 'z')
        return specifier.local.name;
    }
  }
  return null;
}

export const LAZY_SCHEMA_NAME = '__lazySchema';

/**
 * The client build only: every wire schema a module declares at its top level becomes
 * `lazySchema(() => <its definition>)` (src/lib/lazy-schema.ts), built when first used. A page
 * evaluated all the schemas of every module it imports, most of them for other pages and for
 * administrators; the ones it never touches are now never built, and `lazySchema` is marked pure
 * in vite.config.ts, so an unused one leaves the bundle (zod's chained methods were not pure, so
 * `RoleSchema.omit(...).partial()` stayed in every chunk that imported role.ts).
 */
export function lazySchemas(runtimeModule: string): Plugin {
  return {
    name: 'musicbox:lazy-schemas',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { code: /from ["']zod["']/ },
      handler(code, id) {
        if (!/\.tsx?$/.test(id.split('?')[0] ?? '') || id.includes('node_modules')) return null;
        const program = parseAst(code) as unknown as { body: Node[] };
        const zodName = zodImport(program.body);
        if (zodName === null) return null;
        const wraps: { start: number; end: number }[] = [];
        for (const statement of program.body) {
          const declaration =
            statement.type === 'ExportNamedDeclaration'
              ? (statement.declaration as Node)
              : statement;
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
          for (const declarator of declaration.declarations as Node[]) {
            const init = declarator.init as Node | null;
            if (init !== null && isSchema(init, zodName))
              wraps.push({ start: init.start, end: init.end });
          }
        }
        if (wraps.length === 0) return null;
        let out = code;
        for (const { start, end } of wraps.reverse())
          out = `${out.slice(0, start)}${LAZY_SCHEMA_NAME}(() => ${out.slice(start, end)})${out.slice(end)}`;
        const runtime = `import { lazySchema as ${LAZY_SCHEMA_NAME} } from ${JSON.stringify(runtimeModule)};\n`;
        return { code: runtime + out, map: null };
      },
    },
  };
}

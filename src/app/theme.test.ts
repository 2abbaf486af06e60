import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemWithRecipes } from './theme-recipes';

const system = createSystemWithRecipes();

/** Chakra components styled by a recipe, with the recipe each one reads. */
const RECIPE_OF: Record<string, string> = {
  Alert: 'alert',
  Badge: 'badge',
  Button: 'button',
  Card: 'card',
  Checkbox: 'checkbox',
  CloseButton: 'button',
  Code: 'code',
  DataList: 'dataList',
  Dialog: 'dialog',
  Field: 'field',
  Fieldset: 'fieldset',
  Heading: 'heading',
  IconButton: 'button',
  Input: 'input',
  Link: 'link',
  Menu: 'menu',
  NativeSelect: 'nativeSelect',
  Popover: 'popover',
  Progress: 'progress',
  RadioGroup: 'radioGroup',
  Separator: 'separator',
  Skeleton: 'skeleton',
  Spinner: 'spinner',
  Switch: 'switch',
  Table: 'table',
  Tag: 'tag',
  Textarea: 'textarea',
  Toast: 'toast',
  Toaster: 'toast',
};

/** Layout pieces and helpers that have no recipe (hooks are skipped by name). */
const WITHOUT_RECIPE = new Set([
  'Box',
  'Center',
  'ChakraProvider',
  // Chakra's default theme has no clipboard recipe; its parts take their looks from props.
  'Clipboard',
  'Flex',
  'Grid',
  'HStack',
  'Image',
  'Portal',
  'SimpleGrid',
  'Spacer',
  'Stack',
  'Text',
  'VStack',
  'VisuallyHidden',
  'chakra',
  'createSystem',
  'createToaster',
  // A component built on a recipe by key (ui/plain-input.tsx); the keys are checked below.
  'createRecipeContext',
  'defaultBaseConfig',
  'defineConfig',
  'mergeConfigs',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function chakraImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles('src')) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        names.add(name.split(/\s+as\s+/)[0] ?? name);
      }
    }
  }
  return names;
}

describe('the trimmed Chakra theme', () => {
  it('carries the recipe of every Chakra component the app imports', () => {
    const missing: string[] = [];
    for (const name of chakraImports()) {
      if (WITHOUT_RECIPE.has(name) || /^use[A-Z]/.test(name)) continue;
      const key = RECIPE_OF[name];
      if (!key)
        missing.push(`${name} (unknown: add it to RECIPE_OF and its recipe to theme-recipes.ts)`);
      else if (!system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${name} → ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('carries the recipe each createRecipeContext names', () => {
    const keys = sourceFiles('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/createRecipeContext\(\{\s*key:\s*'([^']+)'/g)].map(
        (match) => match[1] ?? '',
      ),
    );
    expect(keys).toContain('input');
    expect(keys.filter((key) => !system.isRecipe(key))).toEqual([]);
  });

  it('leaves out recipes of components the app does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('accordion')).toBe(false);
  });

  it('has every colour palette the app names', () => {
    const named = new Set<string>(['gray', 'blue', 'orange', 'green', 'red']); // alert statuses
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/colorPalette(?:=|:\s*)(\{[^}]*\}|'[^']*'|"[^"]*")/g))
        for (const word of (match[1] ?? '').matchAll(/(?<!===\s*)['"]([a-z]+)['"]/g))
          named.add(word[1] ?? '');
    }
    expect(named.has('teal')).toBe(true);
    const missing = [...named].filter((name) => !system.tokens.getByName(`colors.${name}.solid`));
    expect(missing).toEqual([]);
    expect(system.tokens.getByName('colors.pink.solid')).toBeUndefined();
  });
});

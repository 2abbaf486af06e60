import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The client's boundaries are lint rules (eslint.config.js, "Client boundaries"): each zone is
 * proven here by linting a sample file placed inside it, once breaking the rule and once
 * keeping it. The samples are virtual (lintText with a file path), so nothing is written.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const BOUNDARY_RULES = new Set([
  'import/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-properties',
  'no-restricted-syntax',
]);

const eslint = new ESLint({
  cwd: root,
  // The samples are not on disk, so the type-aware parser cannot find them in the program;
  // the boundary rules need no types, and only they run.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('client lint zones', () => {
  describe('a feature imports no other feature', () => {
    const file = 'src/features/shell/components/zone-sample.tsx';

    it('reports an import of another feature', async () => {
      const errors = await boundaryErrors(
        file,
        "import { useLikedIds } from '../../playlists/api/playlist-files';\nexport const x = useLikedIds;\n",
      );
      expect(errors).toEqual([
        expect.stringMatching(/^import\/no-restricted-paths: .*A feature imports no other feature/),
      ]);
    });

    it('allows its own files, src/common, src/ui, src/lib and domain', async () => {
      const errors = await boundaryErrors(
        file,
        [
          "import { shellStrings } from '../../../lib/strings/shell';",
          "import { queryKeys } from '../../../common/query-keys';",
          "import { useOnline } from '../../../lib/use-online';",
          "import { isEntryActive } from '../nav-active';",
          "import { countOf } from '../../../../domain/format';",
          'export const x = [shellStrings, queryKeys, useOnline, isEntryActive, countOf];',
        ].join('\n'),
      );
      expect(errors).toEqual([]);
    });
  });

  describe('src/common imports no feature', () => {
    const file = 'src/common/likes/zone-sample.ts';

    it('reports an import of a feature', async () => {
      const errors = await boundaryErrors(
        file,
        "import { playerStrings } from '../../features/player/strings';\nexport const x = playerStrings;\n",
      );
      expect(errors).toEqual([
        expect.stringMatching(/^import\/no-restricted-paths: .*src\/common is shared/),
      ]);
    });

    it('allows src/lib, other common modules and domain', async () => {
      const errors = await boundaryErrors(
        file,
        [
          "import { sendOrQueue } from '../../lib/outbox';",
          "import { queryKeys } from '../query-keys';",
          "import { LikedIdsSchema } from '../../../domain/playlist';",
          'export const x = [sendOrQueue, queryKeys, LikedIdsSchema];',
        ].join('\n'),
      );
      expect(errors).toEqual([]);
    });
  });

  describe('src/ui and src/lib hold no feature code and no server data', () => {
    it('reports src/ui importing src/common', async () => {
      const errors = await boundaryErrors(
        'src/ui/zone-sample.tsx',
        "import { useSession } from '../common/session';\nexport const x = useSession;\n",
      );
      expect(errors).toEqual([
        expect.stringMatching(/^import\/no-restricted-paths: .*src\/ui and src\/lib hold/),
      ]);
    });

    it('reports src/lib importing a feature', async () => {
      const errors = await boundaryErrors(
        'src/lib/zone-sample.ts',
        "import { playerStrings } from '../features/player/strings';\nexport const x = playerStrings;\n",
      );
      expect(errors).toEqual([
        expect.stringMatching(/^import\/no-restricted-paths: .*src\/ui and src\/lib hold/),
      ]);
    });
  });

  describe('only the player engine touches audio, wavesurfer and the Media Session', () => {
    const outside = 'src/features/player/components/zone-sample.tsx';
    const engine = 'src/features/player/engine/zone-sample.tsx';
    const samples: Array<[string, string, string]> = [
      [
        'imports wavesurfer.js',
        "import WaveSurfer from 'wavesurfer.js';\nexport const x = WaveSurfer;\n",
        'no-restricted-imports',
      ],
      [
        'sets Media Session metadata',
        'navigator.mediaSession.metadata = null;\n',
        'no-restricted-properties',
      ],
      ['creates an Audio', 'export const a = new Audio();\n', 'no-restricted-syntax'],
      [
        'creates an audio element',
        "export const a = document.createElement('audio');\n",
        'no-restricted-syntax',
      ],
      [
        'reads an HTMLAudioElement',
        'export const f = (e: unknown) => e instanceof HTMLAudioElement;\n',
        'no-restricted-syntax',
      ],
      ['renders <audio>', 'export const A = () => <audio />;\n', 'no-restricted-syntax'],
    ];

    it.each(samples)('reports code outside the engine that %s', async (_what, code, rule) => {
      const errors = await boundaryErrors(outside, code);
      expect(errors).toEqual([
        expect.stringMatching(new RegExp(`^${rule}: .*Only the player engine`)),
      ]);
    });

    it.each(samples)('allows the engine to do what it %s', async (_what, code) => {
      expect(await boundaryErrors(engine, code)).toEqual([]);
    });

    it('allows other code to use the engine through its functions', async () => {
      const errors = await boundaryErrors(
        outside,
        "import { getPlayerEngine } from '../engine/engine';\nexport const p = () => getPlayerEngine().position;\n",
      );
      expect(errors).toEqual([]);
    });
  });
});

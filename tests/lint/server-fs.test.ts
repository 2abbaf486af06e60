import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-zone';

// Files that exist, so type-aware rules find them in the project; the code is linted in their
// place without touching them.
const MODULE_FILE = 'server/modules/backups/backup-files.ts';
const JOB_FILE = 'server/jobs/folder-scan.ts';
const STORAGE_FILE = 'server/storage/work-files.ts';
const EXCEPTION_FILE = 'server/db/database.ts';

const restricted = (messages: string[]) =>
  messages.filter((m) => m.startsWith('@typescript-eslint/no-restricted-imports'));

const IMPORTS = [
  "import { readFile } from 'node:fs/promises';\nexport const r = readFile;\n",
  "import { createReadStream } from 'node:fs';\nexport const r = createReadStream;\n",
  "import fs from 'fs';\nexport const r = fs;\n",
  "import { stat } from 'fs/promises';\nexport const r = stat;\n",
  "import type { Stats } from 'node:fs';\nexport type R = Stats;\n",
];

describe(
  'server file access goes through server/storage (decision 0050, issue 45)',
  {
    timeout: 120_000,
  },
  () => {
    // The first lint builds the TypeScript program for the type-aware rules: tens of seconds.
    beforeAll(() => lintAt(MODULE_FILE, ''), 240_000);

    it('refuses node:fs (every spelling) in a module and in a job', async () => {
      const refused = [expect.stringMatching(/goes through server\/storage/)];
      for (const code of IMPORTS) {
        expect(restricted(await lintAt(MODULE_FILE, code))).toEqual(refused);
      }
      expect(restricted(await lintAt(JOB_FILE, IMPORTS[0]!))).toEqual(refused);
    });

    it('allows node:fs in server/storage and in a listed exception', async () => {
      for (const code of IMPORTS) {
        expect(restricted(await lintAt(STORAGE_FILE, code))).toEqual([]);
        expect(restricted(await lintAt(EXCEPTION_FILE, code))).toEqual([]);
      }
    });

    it('allows the storage API in a module', async () => {
      const code =
        "import { listFolder } from '../../storage/folder-reads';\n" +
        "import { removeTree } from '../../storage/work-files';\n" +
        'export const both = [listFolder, removeTree];\n';
      expect(restricted(await lintAt(MODULE_FILE, code))).toEqual([]);
    });

    it('keeps the src/ ban where node:fs is allowed (the later block repeats it)', async () => {
      const fromClient =
        "import { shareStrings } from '../../src/lib/strings/share';\n" +
        'export const words = shareStrings;\n';
      for (const file of [STORAGE_FILE, EXCEPTION_FILE]) {
        expect(restricted(await lintAt(file, fromClient))).toEqual([
          expect.stringMatching(/imports nothing from src\//),
        ]);
      }
    });
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

// Server zones (issue "One house"): checked by tests/lint/server-zones.test.ts.
const QUERY_BUILDERS =
  '/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/';
const ACCESS_FLAGS =
  '/^(isAdmin|is_admin|canBrowse|blacklistKeys|role(EnableBrowse|EnableRequests|EnableStore|CanUpload|UploadLimit|Transcode|Vip|DownloadPaid|DownloadLimit|RequestLimit|SpeedLimit|BlacklistedTags))$/';
const DB_TYPES = '/^(Db|Executor)$/';
const REPOSITORY_CLASS =
  'A repository is a class that holds its Db: add a method to XRepository and call new XRepository(db).';

const serverZoneSyntax = [
  {
    selector: `CallExpression[callee.property.name=${QUERY_BUILDERS}]`,
    message: 'Only *.repository.ts (and server/db) build queries: add a repository method.',
  },
];
// Reading who is an administrator or what a role allows is an access decision: ask
// server/access. Writing the flag (the admin's user edit) and reading the wire input are not.
const accessFlagSyntax = {
  selector: `MemberExpression[property.name=${ACCESS_FLAGS}]:not([object.name='input']):not(AssignmentExpression > MemberExpression.left)`,
  message:
    'Ask server/access (a may…/assert…/require… rule) instead of reading caller or role flags.',
};

/** Every client feature folder, for the one-feature-per-zone rule below. */
const clientFeatures = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Every server module folder, for the front-door rule below (decision 0055): a module is used
 * from outside only through its index.ts; the composition root (server/root/) builds them.
 */
const serverModules = readdirSync(new URL('./server/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FRONT_DOOR =
  "Another module is reached only through its front door (server/modules/<name>/index.ts): import '../<name>', and ask its owner to export what you need. Repositories are never exported; server/root/ builds them.";
const frontDoors = serverModules.map((name) => `./${name}/index.ts`);
/** The server's other folders and files; the composition root (app.ts, root/) is left out. */
const serverOutsideModules = readdirSync(new URL('./server', import.meta.url))
  .filter((name) => !['modules', 'root', 'app.ts'].includes(name))
  .map((name) => `./server/${name}`);

/** The server imports nothing from src/ (the client); see the server block below. */
const NO_CLIENT_IN_SERVER = {
  group: ['**/src/**'],
  message: 'The server imports nothing from src/ (the client): move what both need to domain/.',
};

/**
 * File access goes through server/storage (decision 0050; issue 45): stored objects through
 * Storage/StoredFiles, working files through work-files.ts, reads of local folders through
 * folder-reads.ts. These files keep node:fs on purpose, each for the reason given here and in
 * decision 0055 ("File access and its exceptions"). Proven by tests/lint/server-fs.test.ts.
 */
const serverFsExceptions = [
  // The SQLite database file's folder, made before the database opens: not a stored object.
  'server/db/database.ts',
  // secret.key: created once with owner-only permissions, read at start; never in a bucket.
  'server/security/secret-box.ts',
  // The bundled list of common passwords, read from the server's own code folder at start.
  'server/security/common-passwords.ts',
  // The built client (dist/) the server ships with: its shell page and its script hashes.
  'server/plugins/static-client.ts',
  'server/plugins/security-headers.ts',
  // Paced positional reads through one file handle, opened late and closed on destroy (0054).
  'server/media/paced-file-stream.ts',
  // Positional reads of an Ogg FLAC's header pages through one handle, for tags.
  'server/media/ogg-flac-metadata.ts',
  // ffmpeg's output teed by hand into the cache's temporary file (drain and error handling),
  // then kept through StoredFiles: the write stream is the transcoder's own flow control.
  'server/media/transcoder.ts',
  // Download engines writing into their own download folder: an HTTP body appended for
  // resume, zip entries extracted, aria2's private session folder.
  'server/node/sources/url/url-source.ts',
  'server/node/sources/url/unzip.ts',
  'server/node/sources/torrent/aria2-daemon.ts',
];
const FS_MODULES = ['node:fs', 'node:fs/promises', 'fs', 'fs/promises'];
const NO_FS_OUTSIDE_STORAGE =
  'File access goes through server/storage (decision 0050): Storage/StoredFiles for stored objects, work-files.ts for working files, folder-reads.ts for reading local folders. A deliberate exception is listed in eslint.config.js and decision 0055.';

const playerEngineOnly =
  'Only the player engine (src/features/player/engine/) touches the audio element, wavesurfer and navigator.mediaSession.';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'src/app/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
      '.tmp/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Only repositories and the database layer build SQL (server/README.md). server/access keeps
    // the SQL twin of its visibility rule (visibleTo) beside the rule, so lists and single
    // reads cannot drift apart; it is the one other place allowed to write SQL.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.repository.ts', 'server/db/**', 'server/access/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message:
                'Only *.repository.ts (and server/db) talk to the database: add a repository method.',
            },
          ],
        },
      ],
      // Every "may this caller ...?" is answered in server/access; repositories map flag columns.
      'no-restricted-syntax': ['error', ...serverZoneSyntax, accessFlagSyntax],
    },
  },
  {
    // One repository style (decision 0040): a class that holds its Db, built with
    // `new XRepository(db or trx)`. A loose function taking the database, or an object of them,
    // would be a second style. Pure mappers (toWireUser) may stay beside the class.
    files: ['server/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Program > ExportNamedDeclaration > FunctionDeclaration[params.0.typeAnnotation.typeAnnotation.typeName.name=${DB_TYPES}]`,
          message: REPOSITORY_CLASS,
        },
        {
          selector: `Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ArrowFunctionExpression[params.0.typeAnnotation.typeAnnotation.typeName.name=${DB_TYPES}]`,
          message: REPOSITORY_CLASS,
        },
        {
          selector:
            'Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ObjectExpression',
          message: REPOSITORY_CLASS,
        },
      ],
    },
  },
  {
    // The server never imports client code (issue 45): words the app and a server-drawn page
    // both show live in domain/, words only the server draws live beside its renderer. The
    // typescript-eslint twin of no-restricted-imports adds to the server block's kysely rule
    // instead of replacing it. Proven by tests/lint/server-zones.test.ts.
    // Nor node:fs outside server/storage (issue 45), proven by tests/lint/server-fs.test.ts.
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: FS_MODULES.map((name) => ({ name, message: NO_FS_OUTSIDE_STORAGE })),
          patterns: [NO_CLIENT_IN_SERVER],
        },
      ],
    },
  },
  {
    // server/storage, the exceptions above and tests may use node:fs. This block replaces the
    // one above for these files (flat config: the last options win), so it repeats the src/ ban.
    files: ['server/storage/**/*.ts', ...serverFsExceptions, 'server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_CLIENT_IN_SERVER] }],
    },
  },
  {
    // domain/ is isomorphic: it must not reach into the client, the worker or the server.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/src/**', '**/server/**', '**/sw/**', 'react', 'fastify', 'kysely'] },
      ],
    },
  },

  // ---- Server boundaries (decision 0055): front doors, and no upward imports ----
  // (a) A module imports another module only through its index.ts; so does every other server
  //     folder. server/root/ (the composition root) builds repositories and services, so it
  //     alone may reach inside.
  // (b) db, security, storage and access sit below the modules and import none of them
  //     (access reads users and roles through the narrow directory it owns).
  // Proven by tests/lint/server-zones.test.ts.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/root/**', 'server/app.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...serverModules.map((name) => ({
              target: `./server/modules/${name}`,
              from: './server/modules',
              except: [`./${name}`, ...frontDoors],
              message: FRONT_DOOR,
            })),
            {
              target: serverOutsideModules,
              from: './server/modules',
              except: frontDoors,
              message: FRONT_DOOR,
            },
            {
              target: ['./server/db', './server/security', './server/storage', './server/access'],
              from: './server/modules',
              message:
                'db, security, storage and access sit below the modules and import none of them: pass what they need in from server/root/.',
            },
          ],
        },
      ],
    },
  },

  // ---- Client boundaries (ARCHITECTURE.md "Rules of the house"; src/common/README.md) ----
  // (a) A feature imports no other feature: routes compose them, and what two features need
  //     lives in src/common. One zone per feature folder, read from disk so a new feature is
  //     covered the day it is created.
  // (b) src/common imports no feature; src/ui and src/lib import neither features nor common.
  // (c) Only the player engine touches the audio element, wavesurfer and the Media Session.
  // Proven by tests/lint/client-zones.test.ts.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...clientFeatures.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature imports no other feature: compose them in src/routes/, or move what both need to src/common/.',
            })),
            {
              target: './src/common',
              from: './src/features',
              message: 'src/common is shared by features and imports none of them.',
            },
            {
              target: ['./src/ui', './src/lib'],
              from: ['./src/features', './src/common'],
              message: 'src/ui and src/lib hold no feature code and no server data.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/player/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'wavesurfer.js', message: playerEngineOnly }],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'navigator', property: 'mediaSession', message: playerEngineOnly },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Audio']", message: playerEngineOnly },
        { selector: "Identifier[name='HTMLAudioElement']", message: playerEngineOnly },
        {
          selector:
            "CallExpression[callee.property.name='createElement'][arguments.0.value='audio']",
          message: playerEngineOnly,
        },
        { selector: "JSXOpeningElement[name.name='audio']", message: playerEngineOnly },
      ],
    },
  },
);

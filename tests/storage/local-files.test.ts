import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfined } from '../../server/storage/confined-file';
import {
  fileInfo,
  isEmptyFolder,
  isFolder,
  linkInfo,
  listFolder,
  listTree,
  readHead,
  readSmall,
} from '../../server/storage/folder-reads';
import {
  linkNew,
  linkOrCopy,
  moveAcrossDisks,
  removeEmptyFolder,
  removeQuietly,
  writeNew,
} from '../../server/storage/work-files';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'musicbox-local-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('folder-reads', () => {
  it('lists entries by their own type: a link is a link, never followed', async () => {
    const root = join(dir, 'list');
    await mkdir(join(root, 'sub'), { recursive: true });
    await writeFile(join(root, 'a.flac'), 'a');
    await writeFile(join(root, 'sub', 'b.flac'), 'b');
    await symlink(join(root, 'sub'), join(root, 'linked'));
    const kinds = Object.fromEntries((await listFolder(root)).map((e) => [e.name, e.kind]));
    expect(kinds).toEqual({ 'a.flac': 'file', sub: 'folder', linked: 'link' });
    const tree = (await listTree(root)).map((e) => e.path.slice(root.length + 1)).sort();
    expect(tree).toEqual(['a.flac', 'linked', 'sub', join('sub', 'b.flac')]);
    expect((await fileInfo(join(root, 'linked'))).kind).toBe('folder');
    expect((await linkInfo(join(root, 'linked'))).kind).toBe('link');
    expect(await isFolder(join(root, 'a.flac'))).toBe(false);
    await expect(fileInfo(join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells an empty or missing folder from one holding something', async () => {
    await mkdir(join(dir, 'empty'));
    expect(await isEmptyFolder(join(dir, 'empty'))).toBe(true);
    expect(await isEmptyFolder(join(dir, 'nowhere'))).toBe(true);
    expect(await isEmptyFolder(dir)).toBe(false);
  });

  it('reads a small file whole, refuses a larger one unread, and reads a head', async () => {
    const file = join(dir, 'small.txt');
    await writeFile(file, 'hello world');
    expect((await readSmall(file, 11))?.toString()).toBe('hello world');
    expect(await readSmall(file, 10)).toBeNull();
    expect((await readHead(file, 5)).toString()).toBe('hello');
    expect((await readHead(file, 100)).toString()).toBe('hello world');
  });
});

describe('work-files', () => {
  it('links under a new name only when it is free', async () => {
    const source = join(dir, 'source.bin');
    await writeFile(source, 'bytes');
    expect(await linkNew(source, join(dir, 'taken.bin'))).toBe(true);
    expect(await linkNew(source, join(dir, 'taken.bin'))).toBe(false);
    await expect(linkNew(join(dir, 'absent'), join(dir, 'x.bin'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await linkOrCopy(source, join(dir, 'copy.bin'));
    expect(await readFile(join(dir, 'copy.bin'), 'utf8')).toBe('bytes');
    await expect(linkOrCopy(join(dir, 'absent'), join(dir, 'y.bin'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('creates a new file but never over one, moves, and removes quietly', async () => {
    const file = join(dir, 'new.txt');
    await writeNew(file, 'first');
    await expect(writeNew(file, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    await moveAcrossDisks(file, join(dir, 'moved.txt'));
    expect(await readFile(join(dir, 'moved.txt'), 'utf8')).toBe('first');
    await removeQuietly(join(dir, 'moved.txt'));
    await removeQuietly(join(dir, 'moved.txt'));
    await mkdir(join(dir, 'full'));
    await writeFile(join(dir, 'full', 'keep'), 'k');
    await removeEmptyFolder(join(dir, 'full'));
    expect(await isFolder(join(dir, 'full'))).toBe(true);
  });
});

describe('openConfined', () => {
  it('opens a regular file inside the root, and nothing that resolves outside it', async () => {
    const root = join(dir, 'uploads');
    await mkdir(root);
    await writeFile(join(root, 'a.txt'), 'inside');
    await writeFile(join(dir, 'secret.txt'), 'outside');
    await symlink(join(dir, 'secret.txt'), join(root, 'escape.txt'));
    await mkdir(join(root, 'folder'));
    const opened = await openConfined(root, 'a.txt');
    expect(opened?.size).toBe(6);
    expect(await text(opened!.stream)).toBe('inside');
    expect(await openConfined(root, 'escape.txt')).toBeNull();
    expect(await openConfined(root, '../secret.txt')).toBeNull();
    expect(await openConfined(root, 'folder')).toBeNull();
    expect(await openConfined(root, 'missing.txt')).toBeNull();
  });
});

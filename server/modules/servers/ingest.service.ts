import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import type { CreatedCollection } from '../../../domain/library-upload';
import type { IngestBegun } from '../../../domain/servers';
import {
  BadRequest,
  Conflict,
  HttpError,
  InsufficientStorage,
  isDiskFull,
  NotFound,
} from '../../errors';
import { safeEntryPath } from '../../node/sources/url/unzip';
import { isFolder, listTree } from '../../storage/folder-reads';
import { streamToFile } from '../../storage/stream-to-file';
import { ensureFolder, moveIntoPlace, removeFile, removeTree } from '../../storage/work-files';
import type { ServersRepository } from './servers.repository';

export interface IngestDeps {
  importDir: (dir: string, name: string | null, log: (line: string) => void) => Promise<number>;
  logLines: (serverId: number, lines: string[]) => void;
}

const tooLarge = (limit: number) =>
  new HttpError(413, `File is too large (${limit} bytes at most)`);

/** What mkdir and open answer when a path segment is a file, or the target is a folder. */
const PATH_CLASHES = new Set(['EEXIST', 'ENOTDIR', 'EISDIR']);

/** A file still arriving: renamed to its own name once whole, removed at start when not. */
const PART = /^\.part-[0-9a-f]{16}$/;

const isStream = (body: unknown): body is Readable =>
  typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function';

/**
 * Nodes hand over finished downloads: a hand-over is a folder under
 * DATA_DIR/media/downloads/ingest named for the node's server, filled a file at a time (streamed,
 * never buffered) and imported as one collection when the node finishes it.
 */
export class IngestService {
  private readonly root: string;

  constructor(
    private readonly servers: ServersRepository,
    dataDir: string,
    private readonly maxBytes: number,
    private readonly deps: IngestDeps,
  ) {
    this.root = path.join(dataDir, 'media', 'downloads', 'ingest');
  }

  /** The server whose token the Authorization header carries (Bearer); null when none. */
  async serverOf(authorization: string | undefined): Promise<number | null> {
    const token = /^Bearer (\S{16,256})$/.exec(authorization ?? '')?.[1];
    const server = token === undefined ? null : await this.servers.findByToken(token);
    return server?.server_id ?? null;
  }

  /**
   * Removes the files a killed process left half-received (the node sends them again); the
   * hand-overs themselves stay, to be finished. Run once at start, before any hand-over.
   */
  async removePartials(): Promise<void> {
    const entries = await listTree(this.root).catch(() => []);
    for (const entry of entries)
      if (entry.kind === 'file' && PART.test(entry.name)) await removeFile(entry.path);
  }

  async begin(serverId: number): Promise<IngestBegun> {
    const ingestId = `${serverId}-${randomBytes(16).toString('hex')}`;
    await ensureFolder(path.join(this.root, ingestId));
    return { ingestId };
  }

  /** Streams one file of the hand-over to `relativePath` inside it, within the size limit. */
  async receiveFile(
    serverId: number,
    ingestId: string,
    relativePath: string,
    body: unknown,
    declaredLength: number,
  ): Promise<void> {
    const dir = await this.existingDir(serverId, ingestId);
    const relative = safeEntryPath(relativePath);
    if (relative === null || relative.startsWith('.'))
      throw new BadRequest('path is not a valid file name');
    const target = path.join(dir, relative);
    if (!target.startsWith(dir + path.sep)) throw new BadRequest('path is not a valid file name');
    if (!isStream(body)) throw new BadRequest('Send the file as application/octet-stream');
    const maxBytes = this.maxBytes;
    if (declaredLength > maxBytes) throw tooLarge(maxBytes);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _e, callback) {
        size += chunk.length;
        callback(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
      },
    });
    try {
      await ensureFolder(path.dirname(target));
      // Never half a file under its own name: a crash mid-body must not hand over a cut track.
      const part = path.join(path.dirname(target), `.part-${randomBytes(8).toString('hex')}`);
      await streamToFile(part, 'wx', body, limit);
      await moveIntoPlace(part, target).catch(async (error: unknown) => {
        await removeFile(part);
        throw error;
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (isDiskFull(error)) throw new InsufficientStorage();
      // "f" then "f/y" (or the other way round): a file and a folder cannot share a name.
      if (PATH_CLASHES.has((error as NodeJS.ErrnoException).code ?? ''))
        throw new Conflict(`path ${relative}: a file and a folder of the same name`);
      throw new BadRequest('The file upload was cut off');
    }
  }

  /** Imports the hand-over as one collection; a failed import removes it. */
  async finish(
    serverId: number,
    ingestId: string,
    name: string | null,
  ): Promise<CreatedCollection> {
    const dir = await this.existingDir(serverId, ingestId);
    const log = (line: string): void =>
      this.deps.logLines(serverId, [`${new Date().toISOString()} ${line}`]);
    try {
      return { collectionId: await this.deps.importDir(dir, name, log) };
    } catch (error) {
      await removeTree(dir);
      if (isDiskFull(error)) throw new InsufficientStorage();
      throw new BadRequest((error as Error).message);
    }
  }

  log(serverId: number, lines: string[]): void {
    this.deps.logLines(serverId, lines);
  }

  /** A node sees only its own hand-overs; another's answers like an unknown one. */
  private async existingDir(serverId: number, ingestId: string): Promise<string> {
    if (Number(ingestId.split('-')[0]) !== serverId) throw new NotFound('No such hand-over');
    const dir = path.join(this.root, ingestId);
    if (!(await isFolder(dir))) throw new NotFound('No such hand-over');
    return dir;
  }
}

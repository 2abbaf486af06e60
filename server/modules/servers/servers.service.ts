import { LOCAL_SERVER_ID, type PostActionSpec } from '../../../domain/settings';
import {
  MASKED_TOKEN,
  type Server,
  type ServerInput,
  type ServerUpdate,
} from '../../../domain/servers';
import type { Db } from '../../db/database';
import type { ServerRow } from '../../db/server-tables';
import { BadRequest, NotFound } from '../../errors';
import type { DownloaderHost } from '../../node/engine/downloader-host';
import type { DownloaderBackend } from './downloader-backend';
import { RemoteNode } from './remote-node.client';
import type { ServersRepository } from './servers.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  servers: ServersRepository;
}

/** The server list, and which backend answers `/downloader/{id}/api/*` for each server. */
export class ServersService {
  private readonly repo: ServersRepository;

  constructor(
    db: Db,
    private readonly local: DownloaderHost,
    private readonly defaultPost: () => Promise<PostActionSpec[]>,
    private readonly repos: Repositories,
  ) {
    this.repo = this.repos.servers;
  }

  /** The built-in server (this process) is listed from the first start, at this address. */
  ensureLocal(publicUrl: string): Promise<void> {
    return this.repo.ensureLocal(publicUrl);
  }

  async list(): Promise<Server[]> {
    const rows = await this.repo.list();
    return Promise.all(rows.map((row) => this.describe(row)));
  }

  async create(input: ServerInput): Promise<Server> {
    const serverId = await this.repo.create({
      name: input.serverName,
      address: input.serverAddress.replace(/\/+$/, ''),
      token: input.serverToken,
    });
    return this.describe((await this.repo.find(serverId))!);
  }

  async update(serverId: number, input: ServerUpdate): Promise<Server> {
    const row = await this.find(serverId);
    if (serverId === LOCAL_SERVER_ID && (input.serverAddress || input.serverToken))
      throw new BadRequest('The local server runs in this process: only its name can change');
    await this.repo.update(serverId, {
      ...(input.serverName !== undefined ? { name: input.serverName } : {}),
      ...(input.serverAddress !== undefined
        ? { address: input.serverAddress.replace(/\/+$/, '') }
        : {}),
      ...(input.serverToken !== undefined ? { token: input.serverToken } : {}),
    });
    return this.describe((await this.repo.find(row.server_id))!);
  }

  async delete(serverId: number): Promise<void> {
    if (serverId === LOCAL_SERVER_ID) throw new BadRequest('The local server cannot be deleted');
    if (!(await this.repo.delete(serverId))) throw new NotFound('No such server');
  }

  async backend(serverId: number): Promise<DownloaderBackend> {
    if (serverId === LOCAL_SERVER_ID) return this.local;
    const row = await this.find(serverId);
    return new RemoteNode(
      { serverId: row.server_id, name: row.name, address: row.address, token: row.token },
      (id, error) => void this.repo.setReachability(id, error).catch(() => undefined),
      this.defaultPost,
    );
  }

  private async find(serverId: number): Promise<ServerRow> {
    const row = await this.repo.find(serverId);
    if (!row) throw new NotFound('No such server');
    return row;
  }

  /** A row as the list shows it; a node is asked for its status right now. */
  private async describe(row: ServerRow): Promise<Server> {
    const base = {
      serverId: row.server_id,
      serverName: row.name,
      serverAddress: row.address,
      serverToken: MASKED_TOKEN,
    };
    try {
      const backend = await this.backend(row.server_id);
      const { activeDownloads } = await backend.status();
      return { ...base, online: true, lastError: null, activeDownloads };
    } catch (error) {
      return { ...base, online: false, lastError: (error as Error).message, activeDownloads: null };
    }
  }
}

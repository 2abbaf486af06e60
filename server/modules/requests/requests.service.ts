import type {
  Request,
  RequestDetail,
  RequestListItem,
  RequestListQuery,
  RequestPage,
  RequestValues,
} from '../../../domain/request';
import type { AppDeps } from '../../app-deps';
import type { Caller } from '../../access/caller';
import { canSeePrivateProfile } from '../../access/users';
import { canSeeCollection, COLLECTION_NOT_FOUND } from '../../access/collections';
import {
  requestsLimited,
  requireRequestDelete,
  requireRequestEditor,
  requireRequests,
} from '../../access/requests';
import { parseJson } from '../../db/database';
import type { RequestRow } from '../../db/request-tables';
import { Conflict, Forbidden, NotFound } from '../../errors';
import type { MessagesService } from '../messages';
import { UsersRepository, toWireUser } from '../users';
import { RequestsRepository, type RequestListRow } from './requests.repository';

export const REQUEST_NOT_FOUND = 'Request not found';

const id = (value: number | null): number | null => (value === null ? null : Number(value));

export const toWireRequest = (row: RequestRow): Request => ({
  requestId: Number(row.request_id),
  requestName: row.name,
  requestArtist: row.artist,
  requestGenre: row.genre,
  requestKey: row.music_key,
  requestBpm: row.bpm === null ? null : Number(row.bpm),
  requestLabel: row.label,
  requestDuration: id(row.duration),
  requestReleaseDate: row.release_date,
  requestDescription: row.description,
  requestCreated: row.created_at,
  requestCollectionId: id(row.collection_id),
  userId: id(row.user_id),
  commentGroupId: Number(row.comment_group_id),
});

const toListItem = (row: RequestListRow): RequestListItem => ({
  ...toWireRequest(row),
  userName: row.user_name ?? 'Deleted user',
});

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  requests: RequestsRepository;
  users: UsersRepository;
}

/** Requests for missing music: filed, edited, filled with a collection, deleted by admins. */
export class RequestsService {
  private readonly requests: RequestsRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly deps: Pick<AppDeps, 'settings' | 'config'>,
    private readonly repos: Repositories,
    /** A filled request tells its author by direct message. */
    private readonly messages: Pick<MessagesService, 'deliver'>,
  ) {
    this.requests = this.repos.requests;
    this.users = this.repos.users;
  }

  /** The caller, once requests are open to them. */
  async open(caller: Caller): Promise<Caller> {
    requireRequests(caller, await this.deps.settings.get());
    return caller;
  }

  async list(query: RequestListQuery): Promise<RequestPage> {
    const { total, rows } = await this.requests.listRequests(query);
    return { total, items: rows.map(toListItem) };
  }

  async detail(caller: Caller, requestId: number): Promise<RequestDetail> {
    const row = await this.find(requestId);
    const [author, filler] = await Promise.all([
      row.user_id === null ? undefined : this.users.findUserById(row.user_id),
      row.filled_by === null ? undefined : this.users.findUserById(row.filled_by),
    ]);
    // Public profiles only, except for the user themself and administrators.
    const wire = (user: typeof author) =>
      user === undefined
        ? null
        : toWireUser(user, { includePrivate: canSeePrivateProfile(caller, user.user_id) });
    return { request: toWireRequest(row), user: wire(author), filledBy: wire(filler) };
  }

  async create(caller: Caller, values: RequestValues): Promise<Request> {
    const requestId = await this.requests.insertRequest(
      caller.userId,
      values,
      requestsLimited(caller),
    );
    if (requestId === undefined) {
      throw new Forbidden('You have no requests left; they are renewed by an administrator');
    }
    return toWireRequest(await this.find(requestId));
  }

  async edit(caller: Caller, requestId: number, values: RequestValues): Promise<Request> {
    requireRequestEditor(caller, toWireRequest(await this.find(requestId)));
    await this.requests.updateRequest(requestId, values);
    return toWireRequest(await this.find(requestId));
  }

  /** Any user fills an open request with a collection they can see; its author is told by DM. */
  async fill(caller: Caller, requestId: number, collectionId: number): Promise<Request> {
    const row = await this.find(requestId);
    if (row.collection_id !== null) throw new Conflict('This request is already filled');
    const collection = await this.requests.findCollectionForFill(collectionId);
    const visible =
      collection !== undefined &&
      canSeeCollection(caller, {
        hidden: collection.hidden,
        tags: parseJson(collection.tags, []),
        libraryId: collection.library_id,
      });
    if (!visible) throw new NotFound(COLLECTION_NOT_FOUND);
    if (!(await this.requests.fillRequest(requestId, collectionId, caller.userId))) {
      throw new Conflict('This request is already filled');
    }
    await this.tellAuthor(caller, row, collectionId);
    return toWireRequest(await this.find(requestId));
  }

  async delete(caller: Caller, requestId: number): Promise<void> {
    requireRequestDelete(caller);
    if (!(await this.requests.deleteRequest(requestId))) throw new NotFound(REQUEST_NOT_FOUND);
  }

  private async find(requestId: number): Promise<RequestRow> {
    const row = await this.requests.findRequest(requestId);
    if (row === undefined) throw new NotFound(REQUEST_NOT_FOUND);
    return row;
  }

  /** Nobody needs telling that they filled their own request, nor a deleted account. */
  private async tellAuthor(caller: Caller, row: RequestRow, collectionId: number): Promise<void> {
    if (row.user_id === null || row.user_id === caller.userId) return;
    const author = await this.users.findUserById(row.user_id);
    if (author === undefined) return;
    const link = `${this.deps.config.publicUrl}/collection/${collectionId}`;
    await this.messages.deliver({
      from: caller.user,
      to: author,
      title: `Your request "${row.name}" was filled`,
      body: `${caller.user.user_name} filled your request "${row.name}" by ${row.artist}: ${link}`,
    });
  }
}

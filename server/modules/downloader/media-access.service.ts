import {
  canDownloadCollection,
  canPlayFull,
  canTranscode,
  isStreamingOnly,
} from '../../../domain/access';
import type { DownloadFormat } from '../../../domain/audio-format';
import type { Role } from '../../../domain/role';
import type { Settings } from '../../../domain/settings';
import { parseJson } from '../../db/database';
import type { CollectionRow } from '../../db/catalogue-tables';
import type { UserRow } from '../../db/tables';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { AuthContext } from '../../plugins/session';
import { toWireRole } from '../roles/roles.repository';
import type { SettingsService } from '../settings/settings.service';
import type { MediaFile, MediaRepository } from './media.repository';

/** Everything the media rules need about one user and one collection, loaded once per request. */
export interface MediaContext {
  user: UserRow;
  role: Role;
  settings: Settings;
  isAdmin: boolean;
  collection: CollectionRow;
  unlocked: boolean;
  transcodeUnlocked: boolean;
}

const price = (c: CollectionRow) => ({ collectionPrice: c.price });

/** Answers who may play, preview and download what (spec part 1, sections 4 to 6). */
export class MediaAccessService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly settings: SettingsService,
  ) {}

  async forCollection(auth: AuthContext, collectionId: number): Promise<MediaContext> {
    const role = await this.repo.findRole(auth.user.role_id);
    if (!role) throw new Error(`user ${auth.user.user_id} has a missing role`);
    const wireRole = toWireRole(role);
    const isAdmin = auth.user.is_admin === 1;
    if (!isAdmin && !wireRole.roleEnableBrowse)
      throw new Forbidden('Your role cannot browse the library');
    const collection = await this.repo.findCollection(collectionId);
    // Hidden and blacklisted collections do not exist for those who may not see them.
    const blacklisted = parseJson<string[]>(collection?.tags, []).some((tag) =>
      wireRole.roleBlacklistedTags.includes(tag),
    );
    if (!collection || (!isAdmin && (collection.hidden === 1 || blacklisted))) {
      throw new NotFound('Collection not found');
    }
    const unlock = await this.repo.findUnlock(auth.user.user_id, collectionId);
    return {
      user: auth.user,
      role: wireRole,
      settings: await this.settings.get(),
      isAdmin,
      collection,
      unlocked: unlock !== undefined,
      transcodeUnlocked: unlock?.transcode === 1,
    };
  }

  async forFile(
    auth: AuthContext,
    fileId: number,
  ): Promise<{ context: MediaContext; file: MediaFile }> {
    const file = await this.repo.findFile(fileId);
    if (!file) throw new NotFound('File not found');
    return { context: await this.forCollection(auth, file.collectionId), file };
  }

  assertPlayFull(context: MediaContext): void {
    if (!canPlayFull(price(context.collection), context.unlocked, context.role)) {
      throw new Forbidden('This track can only be previewed');
    }
  }

  /** Download rules, in the order the spec lists them. */
  assertDownload(context: MediaContext, format: DownloadFormat): void {
    if (isStreamingOnly(context.role, context.settings)) {
      throw new Forbidden('Downloads are disabled: this service is streaming-only');
    }
    if (!canDownloadCollection(price(context.collection), context.unlocked, context.role)) {
      throw new Forbidden('Buy this collection to download it');
    }
    if (format !== 'original' && !canTranscode(context.role, context.transcodeUnlocked)) {
      throw new Forbidden('Buy the transcode option to download this collection in other formats');
    }
  }

  /** The role's download limit applies unless the role or the user counter is unlimited. */
  downloadsLimited(context: MediaContext): boolean {
    return context.role.roleDownloadLimit !== null && context.user.remaining_downloads !== null;
  }

  speedLimit(context: MediaContext): number | null {
    return context.role.roleSpeedLimit;
  }

  requireAudio(file: MediaFile): NonNullable<MediaFile['audio']> {
    if (!file.audio) throw new BadRequest('This file has no audio');
    return file.audio;
  }
}

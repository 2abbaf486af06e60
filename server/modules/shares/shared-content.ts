import type { SharedPage, SharedTrack } from '../../../domain/shares';
import type { Settings } from '../../../domain/settings';
import { SHARE_NOT_FOUND, shareStreamsInFull } from '../../access/share-rights';
import { parseJson } from '../../db/database';
import { NotFound } from '../../errors';
import type { CatalogueReadRepository } from '../catalogue';
import { toWireCollection, toWireCollectionFile } from '../catalogue';
import type { ImagesRepository } from '../images';
import type { MediaFile, MediaRepository } from '../media';
import type { SettingsService } from '../settings';
import type { SharesRepository } from './shares.repository';
import type { OpenShare } from './shares.service';

/** A track a link may play, with whether it plays in full. */
interface Playable {
  fileId: number;
  title: string;
  artists: string[];
  duration: number;
  full: boolean;
}

interface Content {
  name: string;
  artists: string[];
  description: string;
  price: number | null;
  collectionId: number | null;
  imageHash: string | null;
  tracks: Playable[];
}

const shareBase = (token: string): string => `/api/share/${token}`;

/** What an open link shows: its page, the files it may play and its cover. */
export class SharedContent {
  constructor(
    private readonly repo: SharesRepository,
    private readonly catalogue: CatalogueReadRepository,
    private readonly media: MediaRepository,
    private readonly images: ImagesRepository,
    private readonly settings: SettingsService,
  ) {}

  async page(open: OpenShare, token: string): Promise<SharedPage> {
    const content = await this.content(open, await this.settings.get());
    const base = shareBase(token);
    const tracks: SharedTrack[] = content.tracks.map((track) => ({
      fileId: track.fileId,
      title: track.title,
      artists: track.artists,
      duration: track.duration,
      audioUrl: `${base}/${track.full ? 'stream' : 'preview'}/${track.fileId}`,
    }));
    return {
      kind: open.playlist === null ? 'collection' : 'playlist',
      name: content.name,
      artists: content.artists,
      description: content.description,
      coverUrl: content.imageHash === null ? null : `${base}/cover`,
      price: content.price,
      collectionId: content.collectionId,
      fullStreams: content.tracks.length > 0 && content.tracks.every((track) => track.full),
      sharedBy: open.sharer.user.user_name,
      tracks,
    };
  }

  /** A file the link lists, and whether it may play in full; anything else is not found. */
  async file(open: OpenShare, fileId: number): Promise<{ file: MediaFile; full: boolean }> {
    const content = await this.content(open, await this.settings.get());
    const track = content.tracks.find((t) => t.fileId === fileId);
    const file = track && (await this.media.findFile(fileId));
    if (track === undefined || file === undefined || file.audio === null) {
      throw new NotFound(SHARE_NOT_FOUND);
    }
    return { file, full: track.full };
  }

  /** The link's cover and its type, when it has one the link may show. */
  async cover(open: OpenShare): Promise<{ hash: string; mime: string }> {
    const content = await this.content(open, await this.settings.get());
    const hash = content.imageHash;
    const mime = hash === null ? null : await this.images.visibleMime(hash, open.visibility);
    if (hash === null || mime === null) throw new NotFound('Image not found');
    return { hash, mime };
  }

  private async content(open: OpenShare, settings: Settings): Promise<Content> {
    if (open.playlist !== null) {
      const entries = await this.repo.playlistEntries(open.playlist.playlist_id, open.visibility);
      return {
        name: open.playlist.title,
        artists: [],
        description: open.playlist.description,
        price: null,
        collectionId: null,
        imageHash: entries.find((entry) => entry.image_hash !== null)?.image_hash ?? null,
        tracks: entries.map((entry) => ({
          fileId: entry.file_id,
          title: entry.title,
          artists: parseJson<string[]>(entry.artists, []),
          duration: Number(entry.duration),
          full: shareStreamsInFull(settings, { collectionPrice: entry.price }),
        })),
      };
    }
    const id = open.share.collection_id ?? 0;
    const [row] = await this.catalogue.collectionsByIds([id], open.visibility);
    if (row === undefined) throw new NotFound(SHARE_NOT_FOUND);
    const collection = toWireCollection(row, null);
    const full = shareStreamsInFull(settings, collection);
    const files = (await this.catalogue.filesOf([id], false)).map(toWireCollectionFile);
    return {
      name: collection.collectionName,
      artists: collection.audioArtists,
      description: collection.collectionDescription,
      price: collection.collectionPrice,
      collectionId: collection.collectionId,
      imageHash: collection.collectionImageHash,
      tracks: files.flatMap(({ file, audio }) =>
        audio === null
          ? []
          : [
              {
                fileId: file.fileId,
                title: audio.audioTitle,
                artists: audio.audioArtists,
                duration: audio.audioDuration,
                full,
              },
            ],
      ),
    };
  }
}

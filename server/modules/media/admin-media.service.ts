import sharp from 'sharp';
import {
  MAX_COVER_BYTES,
  type FileTags,
  type FileTagsInput,
} from '../../../domain/collection-page';
import { BadRequest, HttpError, NotFound } from '../../errors';
import { readTrackInfo } from '../../media/audio-tags';
import type { ImageStore } from '../../media/image-store';
import { readTags, writeTags, type CoverImage } from '../../media/tag-writer';
import type { CatalogueWriteRepository } from '../catalogue';
import type { MediaRepository } from './media.repository';
import type { StoredFiles } from '../../storage/stored-files';
import { removeEmptyFolder } from '../../storage/work-files';

/** Decodes and checks an uploaded cover; MP3, FLAC and MP4 carry JPEG or PNG, so others are converted. */
async function decodeCover(cover: NonNullable<FileTagsInput['cover']>): Promise<CoverImage> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(cover.data))
    throw new BadRequest('cover.data: must be base64');
  const data = Buffer.from(cover.data, 'base64');
  if (data.length === 0 || data.length > MAX_COVER_BYTES)
    throw new BadRequest('cover: must be an image of 10 MB at most');
  const meta = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!meta?.format) throw new BadRequest('cover: the file is not an image');
  if (meta.format === 'jpeg') return { data, mime: 'image/jpeg' };
  if (meta.format === 'png') return { data, mime: 'image/png' };
  return { data: await sharp(data).jpeg({ quality: 92 }).toBuffer(), mime: 'image/jpeg' };
}

/** Admin calls on the files themselves: tags, deletes, re-reading from disk, covers. */
export class AdminMediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly catalogue: CatalogueWriteRepository,
    private readonly images: ImageStore,
    /** Rows' files on this machine or in object storage. */
    private readonly files: StoredFiles,
  ) {}

  async tags(fileId: number): Promise<FileTags> {
    const file = await this.audioFile(fileId);
    const { textTags, cover } = await this.files.withLocalFile(file.path, readTags);
    return {
      textTags,
      cover: cover ? { data: cover.data.toString('base64'), mime: cover.mime } : null,
    };
  }

  /** Writes the tags into the file (all or nothing), then re-reads it into the catalogue. */
  async writeTags(
    fileId: number,
    body: FileTagsInput,
    log: (error: unknown) => void,
  ): Promise<FileTags> {
    const file = await this.audioFile(fileId);
    const cover = body.cover ? await decodeCover(body.cover) : body.cover;
    try {
      // On object storage: written into a copy that replaces the object whole.
      await this.files.editInPlace(file.path, (path) => writeTags(path, body.textTags, cover));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      log(error);
      throw new BadRequest('The tags could not be written to this file');
    }
    await this.reread(file.fileId, file.path);
    await this.catalogue.refreshAggregates(file.collectionId);
    return this.tags(fileId);
  }

  async deleteFile(fileId: number): Promise<void> {
    const file = await this.repo.findFile(fileId);
    if (!file) throw new NotFound('File not found');
    // Row first: the catalogue never points at a file that is gone.
    await this.repo.deleteFile(fileId);
    await this.files.remove(file.path);
    await this.catalogue.refreshAggregates(file.collectionId);
  }

  /** Deletes the collection's rows, then exactly the files they recorded. */
  async deleteCollection(collectionId: number): Promise<void> {
    const collection = await this.repo.findCollection(collectionId);
    if (!collection) throw new NotFound('Collection not found');
    const paths = await this.repo.deleteCollection(collectionId);
    for (const path of paths) await this.files.remove(path);
    // Only an empty folder goes (rmdir refuses anything else), so nothing unrecorded is lost.
    if (collection.folder) await removeEmptyFolder(collection.folder);
  }

  async deleteCollections(ids: number[]): Promise<number> {
    let deleted = 0;
    for (const id of new Set(ids)) {
      if (!(await this.repo.findCollection(id))) continue;
      await this.deleteCollection(id);
      deleted += 1;
    }
    return deleted;
  }

  private async audioFile(fileId: number) {
    const file = await this.repo.findFile(fileId);
    if (!file) throw new NotFound('File not found');
    if (!file.audio) throw new BadRequest('This file has no audio');
    return file;
  }

  private async reread(fileId: number, path: string): Promise<void> {
    const info = await this.files.withLocalFile(path, readTrackInfo);
    const onDisk = await this.files.stat(path);
    if (onDisk === null) throw new NotFound('File not found');
    await this.repo.updateAudio(fileId, info, {
      size: onDisk.size,
      modifiedAt: onDisk.mtime.toISOString(),
    });
    if (info.cover) {
      const stored = await this.images.put(Buffer.from(info.cover.data)).catch(() => null);
      if (stored) {
        await this.catalogue.saveImage(stored);
        await this.repo.setFileImage(fileId, stored.hash);
      }
    }
  }
}

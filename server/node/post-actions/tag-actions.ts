import { basename } from 'node:path';
import { HttpError } from '../../errors';
import { isAudioPath } from '../../media/audio-tags';
import { readTags, writeTags, type TextTags } from '../../media/tag-writer';
import type { CollectionMeta, PostActionContext, PostActionRunner } from '../contracts';

/**
 * Applies `change` to every audio file's text tags and rewrites the files it changed (the
 * embedded cover is kept). `change` answers null to leave a file alone. A file that cannot be
 * read or tagged (damaged, or a container the tag writer does not know, like raw .aac) is
 * logged and left as it is: one odd file must not fail a whole download. A missing ffmpeg or
 * an abort still stops the action.
 */
export async function rewriteAudioTags(
  action: string,
  files: string[],
  ctx: PostActionContext,
  change: (tags: TextTags, file: string) => Promise<TextTags | null> | TextTags | null,
): Promise<number> {
  let written = 0;
  for (const file of files) {
    ctx.signal.throwIfAborted();
    if (!isAudioPath(file)) continue;
    try {
      const next = await change((await readTags(file)).textTags, file);
      if (next === null) continue;
      await writeTags(file, next, undefined);
      written += 1;
    } catch (error) {
      if (error instanceof HttpError || ctx.signal.aborted) throw error;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      ctx.log(`${action}: left ${basename(file)} unchanged: ${reason}`);
    }
  }
  return written;
}

export const present = (values: string[] | undefined) =>
  (values ?? []).some((v) => v.trim() !== '');

function metaTags(meta: CollectionMeta): TextTags {
  const tags: TextTags = {};
  if (meta.name) tags.album = [meta.name];
  if (present(meta.artists)) tags.album_artist = meta.artists ?? [];
  if (meta.label) tags.label = [meta.label];
  if (meta.releaseDate) tags.date = [meta.releaseDate];
  if (present(meta.genres)) tags.genre = meta.genres ?? [];
  return tags;
}

/**
 * Writes the collection's name (as album), artists (as album artist, and as artist where a
 * track has none: a compilation keeps its per-track artists), label, date and genres into
 * every file. Fields the collection does not have leave the file's own values in place.
 */
export const writeCollectionTags: PostActionRunner = async (files, _options, ctx) => {
  const tags = metaTags(ctx.meta);
  if (Object.keys(tags).length === 0) {
    ctx.log('writeTags: the collection has no name, artists, label, date or genres to write');
    return files;
  }
  const written = await rewriteAudioTags('writeTags', files, ctx, (current) => ({
    ...current,
    ...tags,
    ...(tags.album_artist && !present(current.artist) ? { artist: tags.album_artist } : {}),
  }));
  ctx.log(`writeTags: wrote ${Object.keys(tags).join(', ')} into ${written} files`);
  return files;
};

/** Clears the genre tags (so the library's own genre choice applies). */
export const removeGenre: PostActionRunner = async (files, _options, ctx) => {
  const cleared = await rewriteAudioTags('removeGenre', files, ctx, (current) => {
    if (!current.genre) return null;
    const { genre: _genre, ...rest } = current;
    return rest;
  });
  ctx.log(`removeGenre: cleared the genre of ${cleared} files`);
  return files;
};

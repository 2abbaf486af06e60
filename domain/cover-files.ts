import type { CollectionFile } from './collection';

/** Picture formats a folder may carry beside its audio (cover.jpg, folder.png, scans). */
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.bmp', '.avif'];

/** Whether a path names a picture, by its extension, whatever its case. */
export function isImagePath(path: string): boolean {
  const lower = path.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * The collection's own image files: non-audio files whose path ends in a picture extension.
 * Taking the cover from an audio file deletes these first (spec part 1, section 7), so the
 * files and zips of the collection no longer carry a picture that disagrees with its cover.
 * Audio files are never picked, whatever their name.
 */
export function oldImageFiles(files: readonly CollectionFile[]): CollectionFile[] {
  return files.filter((entry) => entry.audio === null && isImagePath(entry.file.filePath));
}

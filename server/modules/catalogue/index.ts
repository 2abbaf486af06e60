/**
 * The catalogue module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export type { CatalogueReadRepository } from './catalogue-read.repository';
export type { CatalogueWriteRepository, Executor } from './catalogue-write.repository';
export { albumArtistNames } from './collection-aggregate';
export {
  FILE_WITH_AUDIO_COLUMNS,
  collectionColumns,
  toWireCollection,
  toWireCollectionFile,
  trackOrderSql,
} from './collection-mapper';
export type { CollectionWireRow, FileWithAudioRow } from './collection-mapper';
export type { SearchRepository } from './search.repository';
export type { TrackTagsRepository } from './track-tags.repository';

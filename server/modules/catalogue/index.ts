/**
 * The catalogue module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export type { CatalogueReadRepository } from './catalogue-read.repository';
export type { CatalogueService } from './catalogue.service';
export type { MissingFilesService } from './missing-files.service';
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
export type { GenreRow } from './library-browse.repository';
export type { LibraryAlbum, LibraryIndexService } from './library-index.service';
export type {
  DiscTitleRow,
  LibraryAlbumRow,
  LibraryArtistRow,
  LibrarySongRow,
} from './library-items.repository';
export { ALBUM_LISTS } from './library-lists.repository';
export type { AlbumList } from './library-lists.repository';
export type { AlbumListRequest, LibraryListsService, SongDraw } from './library-lists.service';
export type { LibraryPage, LibrarySearchService } from './library-search.service';
export type { SyncKind } from './library-sync.repository';
export type { SearchRepository } from './search.repository';
export type { TrackTagsRepository } from './track-tags.repository';
export { TAGS_VERSION } from './track-tags.repository';
export type { FileStat, KnownFile, LibraryFilesRepository } from './library-files.repository';
export type { LibraryCollectionsRepository, LibraryCounts } from './library-collections.repository';

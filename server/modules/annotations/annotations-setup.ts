import type { Db } from '../../db/database';
import type { PlaylistsService } from '../playlists';
import {
  AnnotatedItemsRepository,
  RatingsRepository,
  StarsRepository,
} from './annotations.repository';
import { AnnotationsService } from './annotations.service';

/**
 * The one AnnotationsService of an app, built by the composition root: its repositories stay
 * inside the module, and likes go through the app's playlists service.
 */
export function createAnnotations(db: Db, playlists: PlaylistsService): AnnotationsService {
  return new AnnotationsService(
    new StarsRepository(db),
    new RatingsRepository(db),
    new AnnotatedItemsRepository(db),
    playlists,
  );
}

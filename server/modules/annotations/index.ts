/**
 * The annotations module's front door (favourites and ratings, issue 45; decision 0055): what
 * other modules may use. Repositories appear here as types only, for the composition root.
 */
export {
  AnnotationsService,
  type AnnotatedKind,
  type AnnotationTargets,
  type StarredLists,
} from './annotations.service';
export type {
  AnnotatedItemsRepository,
  RatingsRepository,
  Starred,
  StarsRepository,
} from './annotations.repository';
export { annotationsRoutes } from './annotations.routes';

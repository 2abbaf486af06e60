import { createFileRoute } from '@tanstack/react-router';
import { collectionAliasRoute } from '../app/collection-route';

/** An alias of /collection/{id}: the collection page then rewrites the address to its slug. */
export const Route = createFileRoute('/audio_collection/$id')({ ...collectionAliasRoute });

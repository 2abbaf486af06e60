import { notFound, redirect } from '@tanstack/react-router';
import { parseCollectionId } from '../../domain/slug';
import { requireBrowse, type GuardArgs } from './guards';

/** /collection/{id}-{slug} and its aliases: the id is the part before the first hyphen. */
export const collectionIdParams = {
  parse: (raw: { id: string }) => {
    const collectionId = parseCollectionId(raw.id);
    if (collectionId === null) throw notFound();
    return { id: raw.id, collectionId };
  },
  stringify: ({ id }: { id: string }) => ({ id }),
};

/**
 * The options of an alias of /collection/{id} (the addresses of the original app): browsing
 * is checked, then the collection page takes over and rewrites the address to its slug. Spread
 * it into each route: the router writes the route's id and path into the options it is given.
 */
export const collectionAliasRoute = {
  params: collectionIdParams,
  beforeLoad: async (args: GuardArgs & { params: { id: string; collectionId: number } }) => {
    await requireBrowse(args);
    const { id, collectionId } = args.params;
    throw redirect({ to: '/collection/$id', params: { id, collectionId }, replace: true });
  },
};

import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { parseCollectionId } from '../../domain/slug';
import { requireBrowse } from '../app/guards';

/** An alias of /collection/{id}: the collection page then rewrites the address to its slug. */
export const Route = createFileRoute('/audio-collection/$id')({
  params: {
    parse: (raw) => {
      const collectionId = parseCollectionId(raw.id);
      if (collectionId === null) throw notFound();
      return { id: raw.id, collectionId };
    },
    stringify: ({ id }) => ({ id }),
  },
  beforeLoad: async (args) => {
    await requireBrowse(args);
    const { id, collectionId } = args.params;
    throw redirect({ to: '/collection/$id', params: { id, collectionId }, replace: true });
  },
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { parseCollectionId } from '../../domain/slug';
import { requireBrowse } from '../app/guards';
import { CollectionPage } from '../features/collection/components/collection-page';

/** The id is the part of the segment before the first hyphen: /audio-collection/12-any-text is 12. */
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
  },
  component: function CollectionRoute() {
    const { collectionId } = Route.useParams();
    return <CollectionPage collectionId={collectionId} />;
  },
});

import { strings } from '../../../lib/strings';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** Placeholder until the collection issue: the route already resolves the id from the path. */
export function CollectionPage({ collectionId }: { collectionId: number }) {
  const t = strings.placeholders.collection;
  return <PlaceholderPage title={t.title(String(collectionId))} description={t.description} />;
}

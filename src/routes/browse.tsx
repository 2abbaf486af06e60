import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requireBrowse } from '../app/guards';
import { strings } from '../lib/strings';
import { PlaceholderPage } from '../ui/placeholder-page';

/** Every query parameter is a filter; the header search writes `query`. */
const searchSchema = z.looseObject({
  query: z.coerce.string().optional().catch(undefined),
});

export const Route = createFileRoute('/browse')({
  validateSearch: searchSchema,
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: () => <PlaceholderPage {...strings.placeholders.browse} />,
});

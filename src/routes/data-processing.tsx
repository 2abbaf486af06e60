import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page';
import { useScrollToTop } from '../ui/use-scroll-to-top';

export const Route = createFileRoute('/data-processing')({
  component: function DataProcessingRoute() {
    useScrollToTop();
    return <LegalPage slug="data-processing" />;
  },
});

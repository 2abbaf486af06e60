import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page';
import { useScrollToTop } from '../ui/use-scroll-to-top';

export const Route = createFileRoute('/dmca')({
  component: function DmcaRoute() {
    useScrollToTop();
    return <LegalPage slug="dmca" />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page';
import { useScrollToTop } from '../ui/use-scroll-to-top';

export const Route = createFileRoute('/tos')({
  component: function TosRoute() {
    useScrollToTop();
    return <LegalPage slug="tos" />;
  },
});

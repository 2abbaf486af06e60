import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page';
import { useScrollToTop } from '../ui/use-scroll-to-top';

export const Route = createFileRoute('/privacy-notice')({
  component: function PrivacyNoticeRoute() {
    useScrollToTop();
    return <LegalPage slug="privacy-notice" />;
  },
});

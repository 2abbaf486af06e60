import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { requireBrowse } from '../../app/guards';
import { YearPage } from '../../features/history/components/year-page';

/** /year: this year in review (issue 48). */
export const Route = createFileRoute('/year/')({
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: YearRoute,
});

function YearRoute() {
  const navigate = useNavigate();
  return (
    <YearPage
      year={null}
      onPickYear={(year) => void navigate({ to: '/year/$year', params: { year: String(year) } })}
    />
  );
}

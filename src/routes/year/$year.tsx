import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { FIRST_STATS_YEAR, LAST_STATS_YEAR } from '../../../domain/history-years';
import { requireBrowse } from '../../app/guards';
import { YearPage } from '../../features/history/components/year-page';

/** /year/{year}: a past (or this) year in review (issue 48). */
export const Route = createFileRoute('/year/$year')({
  params: {
    parse: (raw: { year: string }) => {
      const year = Number(raw.year);
      if (!/^\d{4}$/.test(raw.year) || year < FIRST_STATS_YEAR || year > LAST_STATS_YEAR)
        throw notFound();
      return { year: raw.year };
    },
  },
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: YearOfRoute,
});

function YearOfRoute() {
  const { year } = Route.useParams();
  const navigate = useNavigate();
  return (
    <YearPage
      year={Number(year)}
      onPickYear={(picked) =>
        void navigate({ to: '/year/$year', params: { year: String(picked) } })
      }
    />
  );
}

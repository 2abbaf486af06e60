import { Box, Text } from '@chakra-ui/react';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { PageHeading } from '../../../ui/page-heading';
import { useSharedYear } from '../api/history-api';
import { historyStrings } from '../strings';
import { YearFiguresView } from './year-figures';

const t = historyStrings.year;

/** /year-share/{token}: someone's year as their link shows it, open to anyone. */
export function SharedYearPage({ token }: { token: string }) {
  const shared = useSharedYear(token);
  if (shared.isPending) return <CenteredSpinner label={t.loading} />;
  if (shared.isError)
    return (
      <Text role="alert" color="fg.muted" py="6">
        {t.notFound}
      </Text>
    );
  return (
    <Box>
      <PageHeading title={t.sharedTitle(shared.data.year)} />
      <YearFiguresView figures={shared.data} />
    </Box>
  );
}

import { Box, Field, Flex, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatDateTime } from '../../../../domain/format';
import { currentYear } from '../../../../domain/history';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useYearStats } from '../api/history-api';
import { historyStrings } from '../strings';
import { YearFiguresView } from './year-figures';
import { YearShareControls } from './year-share-controls';

const t = historyStrings.year;

/**
 * /year and /year/{year}: the caller's year in review, with a picker of the years they have
 * plays in, the first play and busiest day, and ways to share it without private data.
 */
export function YearPage({
  year,
  onPickYear,
}: {
  /** null: this year. */
  year: number | null;
  onPickYear: (year: number) => void;
}) {
  const stats = useYearStats(year);
  const shown = stats.data?.year ?? year ?? currentYear();
  const years = [...new Set([currentYear(), shown, ...(stats.data?.years ?? [])])].sort(
    (a, b) => b - a,
  );
  return (
    <Box>
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <PageHeading title={t.title(shown)} />
        <Field.Root maxW="40">
          <Field.Label>{t.pickYear}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={String(shown)}
              onChange={(event) => onPickYear(Number(event.currentTarget.value))}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {stats.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : stats.isError ? (
        <LoadError error={stats.error} />
      ) : stats.data.plays === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <Stack gap="8">
          <YearShareControls figures={stats.data} />
          <YearFiguresView figures={stats.data} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
            {stats.data.firstPlay === null ? null : (
              <Box as="section" aria-label={t.firstPlay}>
                <Text fontWeight="semibold">{t.firstPlay}</Text>
                <Text>
                  {stats.data.firstPlay.title}
                  {stats.data.firstPlay.artists.length > 0
                    ? ` · ${stats.data.firstPlay.artists.join(', ')}`
                    : ''}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDateTime(stats.data.firstPlay.playedAt)}
                </Text>
              </Box>
            )}
            {stats.data.mostReplayedDay === null ? null : (
              <Box as="section" aria-label={t.mostReplayedDay}>
                <Text fontWeight="semibold">{t.mostReplayedDay}</Text>
                <Text>{formatDate(stats.data.mostReplayedDay.date)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.dayPlays(stats.data.mostReplayedDay.plays)}
                </Text>
              </Box>
            )}
          </SimpleGrid>
        </Stack>
      )}
    </Box>
  );
}

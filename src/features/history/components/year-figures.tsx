import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { YearFigures } from '../../../../domain/history';
import { historyStrings } from '../strings';
import { MonthChart } from './month-chart';
import { TopList } from './top-list';

const t = historyStrings.year;

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/** The figures, top lists and month chart: the part of a year its share link shows too. */
export function YearFiguresView({ figures }: { figures: YearFigures }) {
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 2 }} gap="4" maxW="lg">
        <Figure label={t.plays} value={figures.plays} testId="year-plays" />
        <Figure label={t.minutes} value={figures.minutes} testId="year-minutes" />
      </SimpleGrid>
      <Box as="section" aria-label={t.byMonth}>
        <Heading as="h2" size="md" mb="2">
          {t.byMonth}
        </Heading>
        <MonthChart byMonth={figures.byMonth} />
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
        <TopList
          title={t.topArtists}
          items={figures.topArtists.map((a) => ({ key: a.id, name: a.name, plays: a.plays }))}
        />
        <TopList
          title={t.topCollections}
          items={figures.topCollections.map((c) => ({ key: c.id, name: c.name, plays: c.plays }))}
        />
        <TopList
          title={t.topTracks}
          items={figures.topTracks.map((track) => ({
            key: track.id,
            name: track.name,
            detail: track.artists.join(', '),
            plays: track.plays,
          }))}
        />
        <TopList
          title={t.topGenres}
          items={figures.topGenres.map((g) => ({ key: g.id, name: g.name, plays: g.plays }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

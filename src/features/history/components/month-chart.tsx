import { Box, Flex, Text } from '@chakra-ui/react';
import { historyStrings } from '../strings';

const t = historyStrings.year;

/**
 * Plays by month as CSS bars (no chart library). Screen readers get the figures as one label
 * on the chart; each bar's number is also written under it.
 */
export function MonthChart({ byMonth }: { byMonth: readonly number[] }) {
  const most = Math.max(1, ...byMonth);
  const label = t.chartLabel(byMonth.map((plays, i) => `${t.months[i]} ${plays}`).join(', '));
  return (
    <Flex role="img" aria-label={label} align="end" gap="1" h="160px" data-testid="month-chart">
      {byMonth.map((plays, i) => (
        <Flex key={t.months[i]} direction="column" align="center" justify="end" flex="1" h="full">
          <Text fontSize="xs" color="fg.muted" aria-hidden>
            {plays}
          </Text>
          <Box
            w="full"
            maxW="28px"
            h={`${Math.round((plays / most) * 100)}%`}
            minH={plays > 0 ? '2px' : '0'}
            bg="teal.solid"
            borderTopRadius="sm"
          />
          <Text fontSize="xs" aria-hidden>
            {t.months[i]}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}

import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { historyStrings } from '../strings';

export interface TopItem {
  key: string | number;
  name: string;
  detail?: string;
  plays: number;
}

/** One numbered top-10 list (artists, albums, tracks or genres) with each entry's plays. */
export function TopList({ title, items }: { title: string; items: readonly TopItem[] }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted">{historyStrings.year.none}</Text>
      ) : (
        <Box as="ol" listStyleType="none">
          {items.map((item, i) => (
            <Flex as="li" key={item.key} gap="2" py="1" align="baseline">
              <Text w="6" color="fg.muted" textAlign="right" flexShrink={0}>
                {i + 1}
              </Text>
              <Box minW="0" flex="1">
                <Text truncate>{item.name}</Text>
                {item.detail ? (
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {item.detail}
                  </Text>
                ) : null}
              </Box>
              <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                {historyStrings.year.dayPlays(item.plays)}
              </Text>
            </Flex>
          ))}
        </Box>
      )}
    </Box>
  );
}

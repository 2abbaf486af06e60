import { Button, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { libraryStrings } from '../../../lib/strings';

type BrowseKey = 'artist' | 'genre' | 'label' | 'releaseDate' | 'tag';

/**
 * A labelled row of values, each a link to /browse filtered by it; past `limit` values a
 * show-more button reveals the rest (artists: 10, spec part 1, section 9).
 */
export function LinkList({
  label,
  values,
  param,
  limit,
}: {
  label: string;
  values: readonly string[];
  param: BrowseKey;
  limit?: number;
}) {
  const [expanded, setExpanded] = useState(false);
  if (values.length === 0) return null;
  const shown = limit && !expanded ? values.slice(0, limit) : values;
  const hidden = values.length - shown.length;
  return (
    <Flex gap="2" wrap="wrap" align="baseline">
      <Text color="fg.muted" fontSize="sm" minW="24">
        {label}
      </Text>
      {shown.map((value, index) => (
        <ChakraLink asChild key={value} colorPalette="teal">
          <Link to="/browse" search={{ [param]: value }}>
            {value}
            {index < shown.length - 1 ? ',' : ''}
          </Link>
        </ChakraLink>
      ))}
      {hidden > 0 ? (
        <Button size="xs" variant="ghost" onClick={() => setExpanded(true)}>
          {libraryStrings.collection.showMore(hidden)}
        </Button>
      ) : null}
      {expanded && limit ? (
        <Button size="xs" variant="ghost" onClick={() => setExpanded(false)}>
          {libraryStrings.collection.showLess}
        </Button>
      ) : null}
    </Flex>
  );
}

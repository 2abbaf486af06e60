import { useEffect } from 'react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { legalDocuments } from '../content';
import type { LegalSlug } from '../content/types';

export type { LegalSlug } from '../content/types';

/** "2026-11-21" → "21 November 2026"; falls back to the raw value if it is not a valid date. */
function formatUpdated(updated: string): string {
  const date = new Date(`${updated}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return updated;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function LegalPage({ slug }: { slug: LegalSlug }) {
  const doc = legalDocuments[slug];

  // Opening a legal page starts at the top, not at the previous page's scroll position.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  return (
    <Box as="article" maxW="800px" mx="auto" px={{ base: 4, md: 6 }} py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack as="header" gap={2}>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {doc.title}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Last updated: <time dateTime={doc.updated}>{formatUpdated(doc.updated)}</time>
          </Text>
        </Stack>
        <Text textStyle="lg" lineHeight="tall">
          {doc.intro}
        </Text>
        {doc.sections.map((section) => (
          <Stack as="section" key={section.heading} gap={3}>
            <Heading as="h2" size="lg">
              {section.heading}
            </Heading>
            {section.paragraphs.map((paragraph, i) => (
              <Text key={i} lineHeight="tall">
                {paragraph}
              </Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

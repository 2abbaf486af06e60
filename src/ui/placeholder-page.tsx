import { Box } from '@chakra-ui/react';
import { PageHeading } from './page-heading';

/** A screen whose feature arrives in a later issue: the route and its guards already exist. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <Box>
      <PageHeading title={title}>{description}</PageHeading>
    </Box>
  );
}

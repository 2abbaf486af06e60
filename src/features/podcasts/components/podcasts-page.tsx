import { Box, Button, Flex, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { usePodcasts, useSubscribe } from '../api/podcasts-api';
import { podcastStrings as t } from '../strings';

function SubscribeForm() {
  const [url, setUrl] = useState('');
  const subscribe = useSubscribe();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '') return;
    subscribe.mutate(url.trim(), {
      onSuccess: () => {
        notifySuccess(t.subscribed);
        setUrl('');
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <HStack gap="2" mb="6" maxW="40rem">
        <Input
          aria-label={t.feedLabel}
          placeholder={t.feedPlaceholder}
          value={url}
          maxLength={2000}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" loading={subscribe.isPending}>
          {t.subscribe}
        </Button>
      </HStack>
    </form>
  );
}

/** /podcasts: the caller's podcasts and a field to follow another (issue 49). */
export function PodcastsPage() {
  const podcasts = usePodcasts();
  return (
    <Box>
      <PageHeading title={t.heading}>{t.intro}</PageHeading>
      <SubscribeForm />
      {podcasts.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : podcasts.isError ? (
        <LoadError error={podcasts.error} />
      ) : podcasts.data.podcasts.length === 0 ? (
        <Text color="fg.muted">{t.none}</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {podcasts.data.podcasts.map((podcast) => (
            <Flex
              as="li"
              key={podcast.podcastId}
              align="center"
              gap="3"
              py="2"
              borderBottomWidth="1px"
              data-testid="podcast-entry"
            >
              {podcast.imageUrl ? (
                <Image src={podcast.imageUrl} alt="" boxSize="48px" borderRadius="sm" />
              ) : (
                <Box boxSize="48px" bg="bg.muted" borderRadius="sm" />
              )}
              <Stack gap="0" minW="0" flex="1">
                <Link to="/podcast/$id" params={{ id: String(podcast.podcastId) }}>
                  <Text fontWeight="semibold" truncate>
                    {podcast.title}
                  </Text>
                </Link>
                <Text fontSize="sm" color="fg.muted" truncate>
                  {[podcast.author, t.episodes(podcast.episodeCount, podcast.unplayed)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {podcast.error ? (
                  <Text fontSize="sm" color="fg.error">
                    {t.feedError(podcast.error)}
                  </Text>
                ) : null}
              </Stack>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}

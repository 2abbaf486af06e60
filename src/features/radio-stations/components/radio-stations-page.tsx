import { Box, Button, Flex, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { stationStreamUrl } from '../../../../domain/long-listening';
import type { Station } from '../../../../domain/radio-stations';
import type { Track } from '../../../../domain/track';
import { useSession } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { PlayIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import {
  useAddStation,
  useDeleteStation,
  useNowPlaying,
  useStations,
  useUpdateStation,
} from '../api/radio-stations-api';
import { stationStrings as t } from '../strings';
import { StationForm } from './station-form';

/** A station as the player queues it: the server's relay, endless. */
function stationTrack(station: Station): Track {
  return {
    title: station.name,
    artists: [],
    url: stationStreamUrl(station.stationId),
    imageHash: null,
    isPreview: false,
    duration: 0,
    bpm: null,
    label: null,
    genres: [],
    releaseDate: null,
    album: null,
    price: null,
    external: true,
  };
}

function NowPlaying({ stationId }: { stationId: number }) {
  const now = useNowPlaying(stationId);
  if (!now.data?.title) return null;
  return (
    <Text fontSize="sm" data-testid="station-now-playing">
      {t.nowPlaying(now.data.title)}
    </Text>
  );
}

function StationRow({
  station,
  admin,
  playing,
  onPlay,
}: {
  station: Station;
  admin: boolean;
  playing: boolean;
  onPlay: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateStation();
  const remove = useDeleteStation();
  if (editing)
    return (
      <Box as="li" py="2" borderBottomWidth="1px">
        <StationForm
          station={station}
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(input) =>
            update.mutate(
              { stationId: station.stationId, input },
              {
                onSuccess: () => {
                  notifySuccess(t.saved);
                  setEditing(false);
                },
              },
            )
          }
        />
      </Box>
    );
  return (
    <Flex as="li" align="center" gap="3" py="2" borderBottomWidth="1px" data-testid="station-entry">
      <IconButton aria-label={t.play(station.name)} size="sm" variant="ghost" onClick={onPlay}>
        <PlayIcon />
      </IconButton>
      <Stack gap="0" minW="0" flex="1">
        <Text fontWeight="semibold" truncate>
          {station.name}
        </Text>
        {playing ? <NowPlaying stationId={station.stationId} /> : null}
        {station.homepageUrl ? (
          <Link href={station.homepageUrl} target="_blank" rel="noreferrer" fontSize="sm">
            {t.homepage}
          </Link>
        ) : null}
      </Stack>
      {admin ? (
        <>
          <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
            {t.edit}
          </Button>
          <Button
            size="xs"
            variant="ghost"
            onClick={() =>
              remove.mutate(station.stationId, { onSuccess: () => notifySuccess(t.removed) })
            }
          >
            {t.remove}
          </Button>
        </>
      ) : null}
    </Flex>
  );
}

/** /radio-stations: every signed-in user plays; administrators add, change and delete. */
export function RadioStationsPage({ onPlay }: { onPlay: (track: Track) => void }) {
  const stations = useStations();
  const { data: session } = useSession();
  const admin = session?.user.isAdmin ?? false;
  const add = useAddStation();
  const [playing, setPlaying] = useState<number | null>(null);
  return (
    <Box>
      <PageHeading title={t.heading}>{t.intro}</PageHeading>
      {admin ? (
        <StationForm
          busy={add.isPending}
          onSubmit={(input) => add.mutate(input, { onSuccess: () => notifySuccess(t.added) })}
        />
      ) : null}
      {stations.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : stations.isError ? (
        <LoadError error={stations.error} />
      ) : stations.data.stations.length === 0 ? (
        <Text color="fg.muted">{t.none}</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {stations.data.stations.map((station) => (
            <StationRow
              key={station.stationId}
              station={station}
              admin={admin}
              playing={playing === station.stationId}
              onPlay={() => {
                setPlaying(station.stationId);
                onPlay(stationTrack(station));
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { PartyTrackInfo } from '../../../../domain/parties';
import { partySearchQuery } from '../api/party-calls';
import { partyPageStrings as t } from '../strings';

/** Waits for typing to pause before searching. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Search the tracks this viewer may add, and add one. */
export function PartySearch({
  token,
  onAdd,
}: {
  token: string;
  onAdd: (track: PartyTrackInfo) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const results = useQuery(partySearchQuery(token, q));
  const [adding, setAdding] = useState<number | null>(null);
  const inputId = useId();
  const add = async (track: PartyTrackInfo) => {
    setAdding(track.fileId);
    try {
      await onAdd(track);
    } finally {
      setAdding(null);
    }
  };
  return (
    <Stack gap="2" as="section" aria-labelledby={`${inputId}-label`}>
      <Text as="h2" id={`${inputId}-label`} fontWeight="semibold">
        {t.add}
      </Text>
      <Input
        id={inputId}
        type="search"
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {q === '' ? null : results.data?.tracks.length === 0 ? (
        <Text color="fg.muted">{t.noResults}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" data-testid="party-search-results">
          {(results.data?.tracks ?? []).map((track) => (
            <HStack as="li" key={track.fileId} gap="3">
              <Box flex="1" minW="0">
                <Text truncate>{track.title}</Text>
                <Text truncate textStyle="sm" color="fg.muted">
                  {track.artists.join(', ')} · {track.collectionName}
                </Text>
              </Box>
              <Button
                size="sm"
                variant="outline"
                aria-label={t.addTrack(track.title)}
                loading={adding === track.fileId}
                onClick={() => void add(track)}
              >
                +
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { Box, Button, Checkbox, Code, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import {
  onHostedPartyChange,
  readHostedParty,
  setHostedParty,
  type HostedParty,
} from '../../../common/parties/hosted-party';
import { endParty, startParty } from '../../../common/parties/party-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { indexAtom, queueAtom } from '../state/player-atoms';
import { partyStrings as t } from './party-strings';

/** The party this device hosts, following changes made elsewhere (the party page ends it). */
function useHostedParty(): HostedParty | null {
  const [party, setParty] = useState(readHostedParty);
  useEffect(() => onHostedPartyChange(setParty), []);
  return party;
}

/**
 * "Start a party" in the queue dialog (issue 50): the rest of the queue becomes the party's
 * list; the link is shown to copy, with the party page where the host removes tracks and
 * guests. While a party is on, the player follows its order (party-link.ts).
 */
export function PartySection({ onOpenPage }: { onOpenPage: () => void }) {
  const party = useHostedParty();
  const queue = useAtomValue(queueAtom);
  const index = useAtomValue(indexAtom);
  const [allowAnonymous, setAllowAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      const fileIds = queue.slice(index + 1).flatMap((track) => track.fileId ?? []);
      const started = await startParty(fileIds, allowAnonymous);
      setHostedParty({ partyId: started.partyId, token: started.token, link: started.link });
    } catch {
      notifyError(t.failed);
    } finally {
      setBusy(false);
    }
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess(t.copied);
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is shown to copy by hand.
    }
  };
  const end = async (hosted: HostedParty) => {
    setBusy(true);
    try {
      await endParty(hosted.partyId);
      setHostedParty(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-label={t.title} w="full" data-testid="party-section">
      <Text fontWeight="medium">{t.title}</Text>
      {party === null ? (
        <Stack gap="2" mt="1">
          <Text textStyle="sm" color="fg.muted">
            {t.intro}
          </Text>
          <HStack gap="3" wrap="wrap">
            <Checkbox.Root
              checked={allowAnonymous}
              onCheckedChange={(e) => setAllowAnonymous(e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t.allowAnonymous}</Checkbox.Label>
            </Checkbox.Root>
            <Button size="sm" loading={busy} onClick={() => void start()}>
              {t.start}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="2" mt="1">
          <Text textStyle="sm">{t.on}</Text>
          <Code data-testid="party-link" wordBreak="break-all">
            {party.link}
          </Code>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => void copy(party.link)}>
              {t.copy}
            </Button>
            <Link asChild textStyle="sm">
              <RouterLink to="/party/$token" params={{ token: party.token }} onClick={onOpenPage}>
                {t.open}
              </RouterLink>
            </Link>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              loading={busy}
              onClick={() => void end(party)}
            >
              {t.end}
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}

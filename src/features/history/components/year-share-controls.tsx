import { Box, Button, Code, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { YearFigures } from '../../../../domain/history';
import { formatDate } from '../../../../domain/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateYearShare, useRevokeYearShare, useYearShares } from '../api/history-api';
import { historyStrings } from '../strings';
import { drawYearCard, shareOrDownload } from './year-card';

const t = historyStrings.year;

/** "Share link" (made, copied, listed and revocable) and "Save as image" for one year. */
export function YearShareControls({ figures }: { figures: YearFigures }) {
  const create = useCreateYearShare();
  const revoke = useRevokeYearShare();
  const links = useYearShares();
  const [url, setUrl] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  const makeLink = () =>
    create.mutate(figures.year, {
      onSuccess: async (created) => {
        setUrl(created.url);
        try {
          await navigator.clipboard.writeText(created.url);
          notifySuccess(t.shareMade);
        } catch {
          // No clipboard (an insecure origin, a refusal): the address is shown to copy by hand.
        }
      },
    });

  const saveImage = async () => {
    setDrawing(true);
    try {
      await shareOrDownload(await drawYearCard(figures), t.imageName(figures.year));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setDrawing(false);
    }
  };

  const mine = (links.data ?? []).filter((link) => link.year === figures.year);
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" loading={create.isPending} onClick={makeLink}>
          {t.share}
        </Button>
        <Button variant="outline" loading={drawing} onClick={() => void saveImage()}>
          {t.image}
        </Button>
      </HStack>
      {url === null ? null : (
        <Box>
          <Text fontSize="sm">{t.shareReady}</Text>
          <Code data-testid="year-share-url" wordBreak="break-all">
            {url}
          </Code>
        </Box>
      )}
      {mine.length === 0 ? null : (
        <Box as="section" aria-label={t.links}>
          <Text fontSize="sm" color="fg.muted">
            {t.links}
          </Text>
          {mine.map((link) => (
            <Flex key={link.yearShareId} gap="2" align="center">
              <Text fontSize="sm">{formatDate(link.createdAt)}</Text>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                loading={revoke.isPending && revoke.variables === link.yearShareId}
                onClick={() => revoke.mutate(link.yearShareId)}
              >
                {t.revoke}
              </Button>
            </Flex>
          ))}
        </Box>
      )}
    </Stack>
  );
}

import { Badge, Button, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { AdminLibrary } from '../../../../domain/libraries';
import { LoadError } from '../../../ui/load-error';
import { useScanLibrary } from '../api/libraries';
import { librariesStrings as t } from '../libraries-strings';
import { libraryScansStrings as scans } from '../library-scans-strings';
import { LastScan, RunningScan } from './scan-status';

/**
 * One library of the Libraries panel: name, folder, counts, the vanished warning, its scan
 * (progress while it runs, else the last one's summary) and its actions. The MUSIC_DIR library
 * comes from the server's configuration, so it offers no Remove.
 */
export function LibraryCard({
  library,
  onRename,
  onRemove,
}: {
  library: AdminLibrary;
  onRename: () => void;
  onRemove: () => void;
}) {
  const scan = useScanLibrary();
  const headingId = `library-${library.libraryId}`;
  const running = library.lastScan?.state === 'running' ? library.lastScan : null;
  return (
    <Stack
      as="li"
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      data-testid="library-card"
    >
      <Flex gap="2" wrap="wrap" align="center">
        <Heading as="h3" size="md" id={headingId}>
          {library.name}
        </Heading>
        {library.fromConfig ? <Badge variant="surface">{t.fromConfig}</Badge> : null}
      </Flex>
      <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
        {library.path}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {t.counts(library.collectionCount, library.trackCount)}
      </Text>
      {library.vanished ? (
        <Text role="alert" color="fg.error" fontWeight="medium">
          {t.vanished}
        </Text>
      ) : null}
      <Stack gap="1" role="status" aria-live="polite">
        {running === null ? null : (
          <RunningScan scan={running} label={`${scans.progress}: ${library.name}`} />
        )}
      </Stack>
      {running === null ? <LastScan scan={library.lastScan} id={headingId} /> : null}
      {/* Every card has the same three buttons: the library's name describes them, and their
          names stay the visible words (so speech input finds them). */}
      <HStack gap="2" wrap="wrap">
        <Button
          variant="outline"
          size="sm"
          aria-describedby={headingId}
          loading={scan.isPending || running !== null}
          loadingText={
            running === null ? scans.starting : scans.running(running.filesDone, running.filesTotal)
          }
          onClick={() => scan.mutate(library.libraryId)}
        >
          {t.scanNow}
        </Button>
        <Button variant="ghost" size="sm" aria-describedby={headingId} onClick={onRename}>
          {t.rename}
        </Button>
        {library.fromConfig ? null : (
          <Button
            variant="ghost"
            size="sm"
            colorPalette="red"
            aria-describedby={headingId}
            onClick={onRemove}
          >
            {t.remove}
          </Button>
        )}
      </HStack>
      {scan.isError ? <LoadError error={scan.error} /> : null}
    </Stack>
  );
}

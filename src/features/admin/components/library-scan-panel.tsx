import { Box, Button, HStack, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import type { ImportJob } from '../../../../domain/library-import';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useState } from 'react';
import {
  useLibraryScans,
  useMissingFiles,
  useRemoveMissingFiles,
  useStartLibraryScan,
} from '../api/library-scans';
import { libraryScansStrings as t } from '../library-scans-strings';
import { SettingsGroup } from './settings-inputs';

function Running({ scan }: { scan: ImportJob }) {
  const percent = scan.filesTotal === 0 ? 0 : Math.round((100 * scan.filesDone) / scan.filesTotal);
  return (
    <>
      <Text>{t.running(scan.filesDone, scan.filesTotal)}</Text>
      <Progress.Root value={percent} size="sm" aria-label={t.progress}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {scan.secondsLeft == null ? null : (
        <Text color="fg.muted" fontSize="sm">
          {t.timeLeft(scan.secondsLeft)}
        </Text>
      )}
    </>
  );
}

/** The last finished scan: when, what it found, and each file it could not take. */
function LastScan({ scan }: { scan: ImportJob | undefined }) {
  if (scan === undefined) return <Text color="fg.muted">{t.never}</Text>;
  const failed = scan.state === 'failed';
  return (
    <Stack gap="1">
      <Text color={failed ? 'fg.error' : undefined}>
        {failed ? t.lastFailed(scan.finishedAt) : t.lastDone(scan.finishedAt)}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {scan.summary ? t.summary(scan.summary) : t.imported(scan.imported)}
      </Text>
      {scan.problems.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t.noProblems}
        </Text>
      ) : (
        <Stack as="section" gap="1" aria-labelledby="library-scan-problems">
          <Heading as="h3" size="sm" id="library-scan-problems">
            {t.problemsTitle(scan.problems.length)}
          </Heading>
          {/* A plain list: Chakra's List recipe would join the theme for this one panel. */}
          <Stack
            as="ul"
            gap="1"
            fontSize="sm"
            ps="4"
            maxH="64"
            overflowY="auto"
            tabIndex={0}
            listStyleType="disc"
          >
            {scan.problems.map((problem, index) => (
              <Box as="li" key={`${index}:${problem.path}`} wordBreak="break-all">
                <Text as="span" fontWeight="medium">
                  {problem.path}
                </Text>
                : {problem.error}
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** How many files are missing; removing them asks once more, naming the count. */
function MissingFiles() {
  const missing = useMissingFiles();
  const remove = useRemoveMissingFiles();
  const [confirming, setConfirming] = useState(false);
  const count = missing.data?.count ?? 0;
  return (
    <Stack as="section" gap="2" aria-labelledby="library-missing-files">
      <Heading as="h3" size="sm" id="library-missing-files">
        {t.missingTitle}
      </Heading>
      {missing.isPending ? <CenteredSpinner label={t.missingLoading} /> : null}
      {missing.isError ? <LoadError error={missing.error} /> : null}
      {missing.data ? (
        <Text color="fg.muted" fontSize="sm" role="status" aria-live="polite">
          {remove.isSuccess && count === 0
            ? t.removed(remove.data.removed)
            : count === 0
              ? t.missingNone
              : t.missingCount(count)}
        </Text>
      ) : null}
      {count > 0 && !confirming ? (
        <Button variant="outline" alignSelf="start" onClick={() => setConfirming(true)}>
          {t.removeMissing}
        </Button>
      ) : null}
      {count > 0 && confirming ? (
        <Stack gap="2" role="group" aria-label={t.removeMissing}>
          <Text>{t.removeConfirm(count)}</Text>
          <HStack gap="2" wrap="wrap">
            <Button
              colorPalette="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {t.removeYes}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t.removeNo}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {remove.isError ? <LoadError error={remove.error} /> : null}
    </Stack>
  );
}

/** Scan now, the running scan's progress, and the last scan's summary and problems. */
export function LibraryScanPanel() {
  const scans = useLibraryScans();
  const start = useStartLibraryScan();
  const running = scans.data?.find((scan) => scan.state === 'running') ?? null;
  const last = scans.data?.find((scan) => scan.state !== 'running');
  return (
    <SettingsGroup id="settings-library" title={t.title}>
      <Text color="fg.muted" fontSize="sm">
        {t.intro}
      </Text>
      {scans.isPending ? <CenteredSpinner label={t.loading} /> : null}
      {scans.isError ? <LoadError error={scans.error} /> : null}
      {scans.data ? (
        <Stack gap="4">
          <HStack gap="4" wrap="wrap" align="start">
            <Button
              variant="outline"
              minW="40"
              loading={start.isPending || running !== null}
              loadingText={
                running === null ? t.starting : t.running(running.filesDone, running.filesTotal)
              }
              onClick={() => start.mutate()}
            >
              {t.scanNow}
            </Button>
            <Stack gap="1" flex="1" minW="48" role="status" aria-live="polite">
              {running === null ? null : <Running scan={running} />}
            </Stack>
          </HStack>
          {start.isError ? <LoadError error={start.error} /> : null}
          <LastScan scan={last} />
          <MissingFiles />
        </Stack>
      ) : null}
    </SettingsGroup>
  );
}

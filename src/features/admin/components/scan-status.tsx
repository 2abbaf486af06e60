import { Box, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import type { ImportJob } from '../../../../domain/library-import';
import { libraryScansStrings as t } from '../library-scans-strings';

function Phase(props: {
  text: string;
  done: number;
  total: number;
  left: number | null | undefined;
  label: string;
}) {
  const percent = props.total === 0 ? 0 : Math.round((100 * props.done) / props.total);
  return (
    <>
      <Text>{props.text}</Text>
      <Progress.Root value={percent} size="sm" aria-label={props.label}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {props.left == null ? null : (
        <Text color="fg.muted" fontSize="sm">
          {t.timeLeft(props.left)}
        </Text>
      )}
    </>
  );
}

/**
 * A running scan: files done of total, a bar, and the time left once the pace is known; then,
 * once the scan analyses the files it added, that phase's count and time left.
 */
export function RunningScan({ scan, label }: { scan: ImportJob; label: string }) {
  const analysis = scan.analysis;
  if (analysis) {
    const text = t.analysing(analysis.done, analysis.total);
    return (
      <Phase
        text={text}
        done={analysis.done}
        total={analysis.total}
        left={analysis.secondsLeft}
        label={t.analysisProgress}
      />
    );
  }
  const text = t.running(scan.filesDone, scan.filesTotal);
  return (
    <Phase
      text={text}
      done={scan.filesDone}
      total={scan.filesTotal}
      left={scan.secondsLeft}
      label={label}
    />
  );
}

/**
 * The last finished scan: when, what it found, and each file it could not take. `id` keeps the
 * problems heading unique while several libraries are on the page.
 */
export function LastScan({ scan, id }: { scan: ImportJob | null; id: string }) {
  if (scan === null) return <Text color="fg.muted">{t.never}</Text>;
  const failed = scan.state === 'failed';
  const headingId = `${id}-problems`;
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
        <Stack as="section" gap="1" aria-labelledby={headingId}>
          <Heading as="h4" size="sm" id={headingId}>
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

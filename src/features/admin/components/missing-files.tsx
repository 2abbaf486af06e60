import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useMissingFiles, useRemoveMissingFiles } from '../api/library-scans';
import { libraryScansStrings as t } from '../library-scans-strings';

/** How many files are missing; removing them asks once more, naming the count. */
export function MissingFiles() {
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

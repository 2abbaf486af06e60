import { Box } from '@chakra-ui/react';
import { useOnline } from '../../../lib/use-online';
import { offlineStrings as t } from '../strings';

/** A thin banner while the browser reports no network; the shell gives it its own row. */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      role="status"
      data-testid="offline-indicator"
      bg="orange.solid"
      color="orange.contrast"
      textAlign="center"
      textStyle="sm"
      py="1"
    >
      {t.offline}
    </Box>
  );
}

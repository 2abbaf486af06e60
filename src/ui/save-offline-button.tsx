import { Badge, Button } from '@chakra-ui/react';
import { libraryStrings } from '../lib/strings';
import { DownloadIcon } from './action-icons';

const t = libraryStrings.saveOffline;

/** Where a "Save offline" request stands; the offline feature computes it, routes pass it on. */
export interface SaveOfflineStatus {
  saving: boolean;
  saved: boolean;
  progress: { done: number; total: number } | null;
}

/**
 * "Save offline" for a collection or playlist, with progress while saving and a badge once
 * saved. Saving for offline is playback, so it is offered in streaming-only mode too.
 */
export function SaveOfflineButton({
  onSave,
  status,
  disabled = false,
}: {
  onSave: () => void;
  status?: SaveOfflineStatus;
  disabled?: boolean;
}) {
  const progress = status?.progress;
  return (
    <>
      <Button
        variant="outline"
        aria-label={t.save}
        onClick={onSave}
        disabled={disabled}
        loading={status?.saving ?? false}
        loadingText={progress ? t.saving(progress.done, progress.total) : undefined}
      >
        <DownloadIcon /> {t.save}
      </Button>
      {status?.saved && !status.saving ? (
        <Badge colorPalette="green" data-testid="saved-offline">
          {t.saved}
        </Badge>
      ) : null}
    </>
  );
}

import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { DownloadFormat } from '../../../../domain/audio-format';
import type { Collection, CollectionFile } from '../../../../domain/collection';
import type { PurchaseRequest } from '../../../../domain/collection-page';
import type { Track } from '../../../../domain/track';
import { useDownload } from '../../../common/download/use-download';
import { startRadio } from '../../../common/playback/radio';
import { DownloadControls } from './download-controls';
import { FileConfirmDialog, type FileConfirm } from './file-confirm-dialog';
import { FileList } from './file-list';
import { fileTitle, type FileRowActions } from './file-row';
import { TagEditorDialog } from './tag-editor-dialog';

/** Download controls, the file list with its per-file actions, and the admin file dialogs. */
export function CollectionBody({
  collection,
  files,
  admin,
  tracks,
  streamingOnly,
  likedIds,
  onPlayTracks,
  onPause,
  onResume,
  onToggleLike,
  onAddToPlaylist,
  onBuy,
}: {
  collection: Collection;
  files: CollectionFile[];
  admin: boolean;
  tracks: Track[];
  streamingOnly: boolean;
  likedIds: ReadonlySet<number>;
  onPlayTracks: (tracks: Track[], startIndex: number) => void;
  onPause: () => void;
  onResume: () => void;
  onToggleLike: (fileId: number, liked: boolean) => void;
  onAddToPlaylist: (fileIds: number[]) => void;
  onBuy: (request: PurchaseRequest) => void;
}) {
  const [format, setFormat] = useState<DownloadFormat>('original');
  const [tagFile, setTagFile] = useState<{ fileId: number; title: string } | null>(null);
  const [confirming, setConfirming] = useState<FileConfirm | null>(null);
  const download = useDownload(onBuy);
  // Non-audio files (covers, NFOs) are for admins only.
  const visible = admin ? files : files.filter((entry) => entry.audio !== null);

  const actionsFor = (entry: CollectionFile): FileRowActions => {
    const { fileId } = entry.file;
    const trackIndex = tracks.findIndex((track) => track.fileId === fileId);
    const liked = likedIds.has(fileId);
    return {
      onPlay: trackIndex >= 0 ? () => onPlayTracks(tracks, trackIndex) : undefined,
      onPause,
      onResume,
      onToggleLike: entry.audio ? () => onToggleLike(fileId, !liked) : undefined,
      onAddToPlaylist: entry.audio ? () => onAddToPlaylist([fileId]) : undefined,
      onStartRadio: entry.audio ? () => void startRadio({ kind: 'file', id: fileId }) : undefined,
      onDownload: streamingOnly
        ? undefined
        : () =>
            void download({
              collection,
              fileId,
              fileName: entry.file.filePath.split('/').pop(),
              format: entry.audio ? format : 'original',
            }),
      onEditTags:
        admin && entry.audio ? () => setTagFile({ fileId, title: fileTitle(entry) }) : undefined,
      // Only audio files carry an embedded cover (fileImageHash).
      onTakeCover:
        admin && entry.audio && entry.file.fileImageHash
          ? () => setConfirming({ kind: 'cover', entry })
          : undefined,
      onDelete: admin ? () => setConfirming({ kind: 'delete', entry }) : undefined,
    };
  };

  return (
    <Stack gap="4">
      {streamingOnly ? null : (
        <DownloadControls
          format={format}
          onFormatChange={setFormat}
          onDownloadCollection={() => void download({ collection, format })}
        />
      )}
      <FileList files={visible} admin={admin} likedIds={likedIds} actionsFor={actionsFor} />
      {admin ? (
        <>
          <TagEditorDialog file={tagFile} onClose={() => setTagFile(null)} />
          <FileConfirmDialog
            collectionId={collection.collectionId}
            files={files}
            pending={confirming}
            onClose={() => setConfirming(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}

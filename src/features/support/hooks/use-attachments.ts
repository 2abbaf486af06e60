import { useCallback, useRef, useState } from 'react';
import { deleteUpload, sendUpload } from '../../../common/uploads/uploads';

export interface PendingFile {
  key: number;
  name: string;
  state: 'uploading' | 'uploaded' | 'failed';
  uploadId?: number;
  error?: string;
}

/**
 * Files picked for a message: each is uploaded at once (POST /api/upload), so sending the
 * message only passes their ids. A removed file is deleted on the server again.
 */
export function useAttachments() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const nextKey = useRef(0);

  const update = (key: number, change: Partial<PendingFile>) =>
    setFiles((list) => list.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const add = useCallback((picked: Iterable<File>) => {
    for (const file of picked) {
      const key = nextKey.current++;
      setFiles((list) => [...list, { key, name: file.name, state: 'uploading' }]);
      sendUpload(file).then(
        (uploadId) => update(key, { state: 'uploaded', uploadId }),
        (error: unknown) =>
          update(key, {
            state: 'failed',
            error: error instanceof Error ? error.message : String(error),
          }),
      );
    }
  }, []);

  // The DELETE is sent outside the state updater, which React may run twice.
  const remove = (key: number) => {
    const gone = files.find((file) => file.key === key);
    if (gone?.uploadId !== undefined) {
      void deleteUpload(gone.uploadId, { silent: true }).catch(() => undefined);
    }
    setFiles((list) => list.filter((file) => file.key !== key));
  };

  const reset = useCallback(() => setFiles([]), []);

  const uploadIds = files.flatMap((file) => (file.uploadId === undefined ? [] : [file.uploadId]));
  const busy = files.some((file) => file.state === 'uploading');
  return { files, add, remove, reset, uploadIds, busy };
}

export type Attachments = ReturnType<typeof useAttachments>;

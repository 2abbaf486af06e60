import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExternalTrack } from '../../../../domain/external';
import { queryKeys } from '../../../common/query-keys';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { strings } from '../../../lib/strings';
import { getDownloadStatus, requestDownload } from '../api/request-download';

/** Spec part 1, sections 4 and 9: status every 2 s; a failed status call is retried in 2 s. */
export const STATUS_POLL_MS = 2000;
const NOTICE_MS = 5000;

export type DownloadPhase = 'requesting' | 'downloading';
export interface FinishedDownload {
  collectionId: number;
  title: string;
}

/**
 * The queue-for-download flow of an external result: request (button loading), green
 * "externally queued" for 5 s and a user refresh, then status polling until a collectionId
 * appears (dialog) or the state is error (red 5 s, polling stops). Stops when the screen closes.
 */
export function useExternalDownload(server: number) {
  const queryClient = useQueryClient();
  const [phases, setPhases] = useState<Record<string, DownloadPhase>>({});
  const [finished, setFinished] = useState<FinishedDownload | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    return () => {
      alive.current = false;
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  const setPhase = useCallback((url: string, phase: DownloadPhase | null) => {
    setPhases((prev) => {
      const next = { ...prev };
      if (phase) next[url] = phase;
      else delete next[url];
      return next;
    });
  }, []);

  const later = useCallback((fn: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      if (alive.current) fn();
    }, STATUS_POLL_MS);
    timers.current.add(timer);
  }, []);

  const poll = useCallback(
    (track: ExternalTrack, downloadId: string) => {
      getDownloadStatus(server, downloadId).then(
        (status) => {
          if (!alive.current) return;
          if (status.state === 'error') {
            setPhase(track.url, null);
            notifyError(strings.externalSearch.downloadFailed, { duration: NOTICE_MS });
          } else if (status.collectionId !== null) {
            setPhase(track.url, null);
            setFinished({ collectionId: status.collectionId, title: track.title });
          } else {
            later(() => poll(track, downloadId));
          }
        },
        // The status call itself failed: try again in 2 s, the download may still be running.
        () => later(() => poll(track, downloadId)),
      );
    },
    [server, later, setPhase],
  );

  const queue = useCallback(
    async (track: ExternalTrack) => {
      setPhase(track.url, 'requesting');
      try {
        const { downloadId } = await requestDownload(server, track);
        if (!alive.current) return;
        notifySuccess(strings.externalSearch.queued, { duration: NOTICE_MS });
        void queryClient.invalidateQueries({ queryKey: queryKeys.session.current() });
        setPhase(track.url, 'downloading');
        later(() => poll(track, downloadId));
      } catch {
        // The shared request helper already showed the server's error text.
        setPhase(track.url, null);
      }
    },
    [server, queryClient, later, poll, setPhase],
  );

  return { phases, queue, finished, dismiss: () => setFinished(null) };
}

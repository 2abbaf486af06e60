import { useCallback, useEffect, useState } from 'react';
import { useDeleteCollections } from '../api/delete-collections';
import type { DeletePhase } from '../components/delete-dialog';

/** Admin delete mode: selection, the confirm / deleting / done phases, and the bulk call. */
export function useDeleteMode(loadedIds: readonly number[]) {
  const [enabled, setEnabled] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [phase, setPhase] = useState<DeletePhase | null>(null);
  const remove = useDeleteCollections();

  // While deleting, the browser asks before the tab is closed or reloaded.
  useEffect(() => {
    if (phase !== 'deleting') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  const toggle = useCallback((id: number) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return {
    enabled,
    setEnabled: (on: boolean) => {
      setEnabled(on);
      if (!on) setSelected(new Set());
    },
    selected,
    toggle,
    selectAll: () => setSelected(new Set(loadedIds)),
    unselectAll: () => setSelected(new Set()),
    phase,
    ask: () => setPhase('confirm'),
    confirm: () => {
      setPhase('deleting');
      remove.mutate([...selected], {
        onSuccess: () => {
          setSelected(new Set());
          setPhase('done');
        },
        // The shared helper showed the server's error; back to the list, selection kept.
        onError: () => setPhase(null),
      });
    },
    close: () => setPhase(null),
  };
}

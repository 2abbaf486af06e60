import { IconButton } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { notify } from '../../../lib/notify';
import { getPlayerEngine } from '../engine/engine';
import { castAvailableAtom, castStateAtom } from '../state/cast-atoms';
import { playerStrings as t } from '../strings';
import { CastIcon } from './player-icons';

/** The picker was dismissed (NotAllowedError) or the click came too late: nothing to say. */
const QUIET = new Set(['NotAllowedError', 'AbortError']);

function prompt(): void {
  getPlayerEngine()
    .castPrompt()
    .catch((error: unknown) => {
      const name = error instanceof DOMException ? error.name : '';
      if (QUIET.has(name)) return;
      notify(name === 'NotFoundError' ? t.castNone : t.castFailed);
    });
}

/**
 * Cast to a speaker (issue 50): shown only while the browser's Remote Playback API reports a
 * device (or a connection is up, so it can be changed or ended); it opens the browser's own
 * picker. The label and the icon say whether the player is connecting or playing there.
 */
export function CastButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const available = useAtomValue(castAvailableAtom);
  const state = useAtomValue(castStateAtom);
  if (!available && state === 'disconnected') return null;
  const on = state !== 'disconnected';
  return (
    <IconButton
      aria-label={t.castLabel[state]}
      title={t.castLabel[state]}
      aria-busy={state === 'connecting'}
      data-testid="cast-button"
      data-state={state}
      size={size}
      variant={on ? 'subtle' : 'ghost'}
      colorPalette={on ? 'brand' : 'gray'}
      animation={state === 'connecting' ? 'pulse' : undefined}
      onClick={prompt}
    >
      <CastIcon connected={state === 'connected'} />
    </IconButton>
  );
}

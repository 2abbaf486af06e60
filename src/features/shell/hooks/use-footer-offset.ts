import { useAtomValue } from 'jotai';
import { playerLoadedAtom } from '../state';

export const FOOTER_OFFSET_IDLE = '8px';
export const FOOTER_OFFSET_PLAYER_SMALL = '128px';
export const FOOTER_OFFSET_PLAYER = '64px';

/** The footer's bottom offset as a responsive value (small screens first). */
export function useFooterOffset(): { base: string; md: string } {
  const playerLoaded = useAtomValue(playerLoadedAtom);
  return playerLoaded
    ? { base: FOOTER_OFFSET_PLAYER_SMALL, md: FOOTER_OFFSET_PLAYER }
    : { base: FOOTER_OFFSET_IDLE, md: FOOTER_OFFSET_IDLE };
}

import { atom } from 'jotai';

/**
 * True while the player has a track loaded. The player issue sets it; the footer moves up to
 * stay clear of the player bar (128 px on small screens, 64 px otherwise, 8 px with no track).
 */
export const playerLoadedAtom = atom(false);

/** The overlay drawer on screens up to 1023 px wide. */
export const drawerOpenAtom = atom(false);
export const toggleDrawerAtom = atom(null, (get, set) => set(drawerOpenAtom, !get(drawerOpenAtom)));
export const closeDrawerAtom = atom(null, (_get, set) => set(drawerOpenAtom, false));

import type { SVGProps } from 'react';
import { StrokeIcon } from './icons';

/** Icons for track and collection actions, drawn inline like `icons.tsx` (no icon package). */
const Icon = (props: SVGProps<SVGSVGElement>) => (
  <StrokeIcon width="1.2em" height="1.2em" {...props} />
);

export const PlayIcon = () => (
  <Icon fill="currentColor">
    <path d="M7 4v16l13-8z" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </Icon>
);
export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Icon fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z" />
  </Icon>
);
export const PlaylistAddIcon = () => (
  <Icon>
    <path d="M3 6h12M3 12h12M3 18h8M18 14v6M15 17h6" />
  </Icon>
);
export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);
export const TagIcon = () => (
  <Icon>
    <path d="M3 12V3h9l9 9-9 9z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </Icon>
);
export const MoreIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </Icon>
);
export const EditIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </Icon>
);
/** Six dots: the handle a row is dragged by. */
export const DragHandleIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <path d="M8 5h3v3H8zM13 5h3v3h-3zM8 10.5h3v3H8zM13 10.5h3v3h-3zM8 16h3v3H8zM13 16h3v3h-3z" />
  </Icon>
);

import { StrokeIcon } from './icons';

/** Drawer entry icons (simple strokes, drawn inline like the others in src/ui/icons.tsx). */
export const HomeIcon = () => (
  <StrokeIcon>
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
  </StrokeIcon>
);
export const BrowseIcon = () => (
  <StrokeIcon>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </StrokeIcon>
);
export const RequestIcon = () => (
  <StrokeIcon>
    <path d="M12 5v14M5 12h14" />
    <circle cx="12" cy="12" r="9" />
  </StrokeIcon>
);
export const PlaylistIcon = () => (
  <StrokeIcon>
    <path d="M3 6h12M3 12h12M3 18h8M17 18V8l4-2" />
    <circle cx="15" cy="18" r="2" />
  </StrokeIcon>
);
export const FavouritesIcon = () => (
  <StrokeIcon>
    <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z" />
  </StrokeIcon>
);
export const UploadIcon = () => (
  <StrokeIcon>
    <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
  </StrokeIcon>
);
export const StoreIcon = () => (
  <StrokeIcon>
    <path d="M4 8h16l-1 12H5L4 8zM9 8V6a3 3 0 0 1 6 0v2" />
  </StrokeIcon>
);
export const SupportIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7M12 17h.01" />
  </StrokeIcon>
);
export const HistoryIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </StrokeIcon>
);
export const YearIcon = () => (
  <StrokeIcon>
    <path d="M4 20V12M10 20V6M16 20v-9M22 20H2" />
  </StrokeIcon>
);
export const OfflineIcon = () => (
  <StrokeIcon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </StrokeIcon>
);
export const AdminIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </StrokeIcon>
);
/** Admin entries each have their own icon: six gears in a row told nothing apart. */
export const RolesIcon = () => (
  <StrokeIcon>
    <path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6l7-3z" />
    <path d="M9 12l2 2 4-4" />
  </StrokeIcon>
);
export const ServersIcon = () => (
  <StrokeIcon>
    <rect x="3" y="4" width="18" height="7" rx="1.5" />
    <rect x="3" y="13" width="18" height="7" rx="1.5" />
    <path d="M7 7.5h.01M7 16.5h.01" />
  </StrokeIcon>
);
export const UsersIcon = () => (
  <StrokeIcon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.5 3.3-5.5 6.5-5.5s5.7 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 7M18 14.8c1.9.8 3.1 2.6 3.5 5.2" />
  </StrokeIcon>
);
export const CommentsIcon = () => (
  <StrokeIcon>
    <path d="M4 5h16v11H9l-5 4V5z" />
  </StrokeIcon>
);
export const TransactionsIcon = () => (
  <StrokeIcon>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <path d="M3 10h18M7 15h4" />
  </StrokeIcon>
);
/** Podcasts (issue 49): a microphone. */
export const PodcastIcon = () => (
  <StrokeIcon>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0014 0M12 18v3" />
  </StrokeIcon>
);
/** Internet radio (issue 49): a mast sending waves. */
export const StationIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="10" r="2" />
    <path d="M12 12v9M8 7a6 6 0 000 6M16 7a6 6 0 010 6M5 4a10 10 0 000 12M19 4a10 10 0 010 12" />
  </StrokeIcon>
);

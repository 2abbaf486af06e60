/** Icons for the library screens, inline like ./icons.tsx so no icon package is bundled. */
const base = {
  viewBox: '0 0 24 24',
  width: '1.25em',
  height: '1.25em',
  'aria-hidden': true,
  focusable: false,
} as const;

export const PlayIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.3-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z" />
  </svg>
);

export const DownloadIcon = () => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </svg>
);

export const FilterIcon = () => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    <path d="M3 5h18l-7 8v6l-4-2v-4z" />
  </svg>
);

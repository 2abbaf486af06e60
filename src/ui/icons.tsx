import type { SVGProps } from 'react';

/** A few stroke icons drawn inline, so no icon package lands in the bundle. */
export function StrokeIcon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.25em"
      height="1.25em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <StrokeIcon>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </StrokeIcon>
);
export const SearchIcon = () => (
  <StrokeIcon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </StrokeIcon>
);
export const CloseIcon = () => (
  <StrokeIcon>
    <path d="M18 6 6 18M6 6l12 12" />
  </StrokeIcon>
);
export const SunIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </StrokeIcon>
);
export const MoonIcon = () => (
  <StrokeIcon>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </StrokeIcon>
);
export const UserIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </StrokeIcon>
);
export const AlertIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </StrokeIcon>
);

import { useSyncExternalStore } from 'react';

/** The saved choice lives in localStorage as darkTheme = "true" | "false"; dark is the default. */
export const DARK_THEME_KEY = 'darkTheme';

const listeners = new Set<() => void>();

export function isDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDarkMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  try {
    localStorage.setItem(DARK_THEME_KEY, dark ? 'true' : 'false');
  } catch {
    // storage may be unavailable (private mode); the class still switches
  }
  for (const listener of listeners) listener();
}

export function toggleDarkMode(): void {
  setDarkMode(!isDarkMode());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDarkMode, () => true);
}

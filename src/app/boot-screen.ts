/** Removes the boot screen `index.html` paints before any script runs. */
export function removeBootScreen(): void {
  document.getElementById('boot')?.remove();
}

import { useEffect } from 'react';
import { removeBootScreen } from '../app/boot-screen';

/** Rendered with a page's own content (or its error): a first view gives way to it. */
export function PageDrawn() {
  useEffect(() => removeBootScreen('page'), []);
  return null;
}

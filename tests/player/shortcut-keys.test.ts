import { describe, expect, it } from 'vitest';
import {
  shortcutFor,
  type KeyInput,
  type KeyTarget,
} from '../../src/features/player/shortcuts/shortcut-keys';

const press = (
  key: string,
  extra: Partial<KeyInput> = {},
  target: KeyTarget = { tagName: 'BODY' },
) =>
  shortcutFor({
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target,
    ...extra,
  });

describe('player keyboard shortcuts', () => {
  it('maps each key to its action on the page', () => {
    expect(press(' ')).toBe('toggle');
    expect(press('ArrowLeft')).toBe('seekBack');
    expect(press('ArrowRight')).toBe('seekForward');
    expect(press('ArrowLeft', { shiftKey: true })).toBe('previous');
    expect(press('ArrowRight', { shiftKey: true })).toBe('next');
    expect(press('m')).toBe('mute');
    expect(press('M', { shiftKey: true })).toBe('mute');
    expect(press('/')).toBe('search');
    expect(press('?', { shiftKey: true })).toBe('help');
    expect(press('k')).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  it('does nothing while typing in an input, a textarea, a select or an editable area', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'input' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      for (const key of [' ', 'ArrowLeft', 'ArrowRight', 'm', '/', '?'])
        expect(press(key, {}, target), `${key} in ${target.tagName}`).toBeNull();
    }
  });

  it('does nothing with ctrl, meta or alt held', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      for (const key of [' ', 'ArrowLeft', 'ArrowRight', 'm', '/', '?'])
        expect(press(key, { [modifier]: true }), `${modifier}+${key}`).toBeNull();
    }
  });

  it('leaves space to buttons and links, and arrows to sliders', () => {
    expect(press(' ', {}, { tagName: 'BUTTON' })).toBeNull();
    expect(press(' ', {}, { tagName: 'A' })).toBeNull();
    expect(press(' ', {}, { tagName: 'DIV', role: 'button' })).toBeNull();
    expect(press('ArrowRight', {}, { tagName: 'DIV', role: 'slider' })).toBeNull();
    expect(press('ArrowLeft', { shiftKey: true }, { tagName: 'DIV', role: 'slider' })).toBeNull();
    // Other keys still work with a button focused.
    expect(press('m', {}, { tagName: 'BUTTON' })).toBe('mute');
    expect(press('ArrowRight', {}, { tagName: 'BUTTON' })).toBe('seekForward');
  });

  it('treats a missing target as the page', () => {
    expect(press(' ', {}, undefined)).toBe('toggle');
    expect(
      shortcutFor({
        key: ' ',
        shiftKey: false,
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        target: null,
      }),
    ).toBe('toggle');
  });
});

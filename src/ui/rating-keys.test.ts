import { describe, expect, it } from 'vitest';
import { ratingForKey } from './rating-keys';

describe('ratingForKey', () => {
  it('moves one star from the rating there is and stops at the ends', () => {
    expect(ratingForKey('ArrowRight', 3, 3, 5)).toBe(4);
    expect(ratingForKey('ArrowUp', 5, 5, 5)).toBe(5);
    expect(ratingForKey('ArrowLeft', 3, 3, 5)).toBe(2);
    expect(ratingForKey('ArrowDown', 1, 1, 5)).toBe(1);
  });

  it('gives one star for Right from none, and Left keeps none', () => {
    expect(ratingForKey('ArrowRight', 0, 1, 5)).toBe(1);
    expect(ratingForKey('ArrowLeft', 0, 1, 5)).toBe(0);
  });

  it('jumps with Home, End and digits, and clears with 0, Delete and Backspace', () => {
    expect(ratingForKey('Home', 4, 4, 5)).toBe(1);
    expect(ratingForKey('End', 1, 1, 5)).toBe(5);
    expect(ratingForKey('3', 0, 1, 5)).toBe(3);
    expect(ratingForKey('7', 2, 2, 5)).toBeNull();
    for (const key of ['0', 'Delete', 'Backspace']) expect(ratingForKey(key, 4, 4, 5)).toBe(0);
  });

  it('chooses the focused star with Space or Enter and ignores other keys', () => {
    expect(ratingForKey(' ', 2, 4, 5)).toBe(4);
    expect(ratingForKey('Enter', 0, 1, 5)).toBe(1);
    expect(ratingForKey('Tab', 2, 2, 5)).toBeNull();
    expect(ratingForKey('a', 2, 2, 5)).toBeNull();
  });
});

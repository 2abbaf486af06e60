import { describe, expect, it } from 'vitest';
import { listWindow } from './list-window';

describe('listWindow', () => {
  it('renders the visible rows plus the overscan', () => {
    expect(listWindow(3000, 50, 0, 500, 5)).toEqual({ start: 0, end: 15 });
    expect(listWindow(3000, 50, 10_000, 500, 5)).toEqual({ start: 195, end: 215 });
  });
  it('clamps at the end of the list', () => {
    expect(listWindow(10, 50, 400, 500, 5)).toEqual({ start: 3, end: 10 });
  });
  it('starts at the top while the list is still below the viewport', () => {
    expect(listWindow(100, 50, -300, 500, 2)).toEqual({ start: 0, end: 6 });
  });
  it('renders nothing for an empty list', () => {
    expect(listWindow(0, 50, 0, 500)).toEqual({ start: 0, end: 0 });
  });
});

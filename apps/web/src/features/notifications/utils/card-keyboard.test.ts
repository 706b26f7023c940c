import { describe, expect, it } from 'vitest';
import { cardMoveOf } from './card-keyboard';

describe('cardMoveOf', () => {
  it.each([
    ['ArrowDown', 1, { kind: 'card', index: 2 }],
    ['ArrowUp', 1, { kind: 'card', index: 0 }],
    ['Home', 2, { kind: 'card', index: 0 }],
    ['End', 0, { kind: 'card', index: 3 }],
    ['ArrowRight', 1, { kind: 'column', step: 1 }],
    ['ArrowLeft', 1, { kind: 'column', step: -1 }],
    ['Enter', 1, { kind: 'none' }],
  ] as const)('should move %s from card %i of four side-by-side columns', (key, from, move) => {
    expect(cardMoveOf(key, from, 4, 'columns')).toEqual(move);
  });

  it('should walk the cards with Left and Right when one list wraps in a grid', () => {
    expect(cardMoveOf('ArrowRight', 1, 4, 'grid')).toEqual({ kind: 'card', index: 2 });
    expect(cardMoveOf('ArrowLeft', 1, 4, 'grid')).toEqual({ kind: 'card', index: 0 });
  });

  it('should stay put at either end of the list', () => {
    expect(cardMoveOf('ArrowDown', 3, 4, 'columns')).toEqual({ kind: 'none' });
    expect(cardMoveOf('ArrowUp', 0, 4, 'columns')).toEqual({ kind: 'none' });
    expect(cardMoveOf('End', 3, 4, 'grid')).toEqual({ kind: 'none' });
  });
});

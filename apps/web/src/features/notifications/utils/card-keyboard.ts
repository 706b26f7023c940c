// Where the arrow keys take focus among a list's cards. Up and Down walk the cards in reading
// order, Home and End go to the ends; Left and Right step to the neighbouring column when the
// lists stand side by side, and walk the cards like Up and Down where one list wraps in a grid.

export type CardListLayout = 'columns' | 'grid';

export type CardMove =
  { kind: 'card'; index: number } | { kind: 'column'; step: -1 | 1 } | { kind: 'none' };

export function cardMoveOf(
  key: string,
  from: number,
  count: number,
  layout: CardListLayout,
): CardMove {
  const to = (index: number): CardMove =>
    index === from || index < 0 || index >= count ? { kind: 'none' } : { kind: 'card', index };
  switch (key) {
    case 'ArrowDown':
      return to(from + 1);
    case 'ArrowUp':
      return to(from - 1);
    case 'Home':
      return to(0);
    case 'End':
      return to(count - 1);
    case 'ArrowRight':
      return layout === 'columns' ? { kind: 'column', step: 1 } : to(from + 1);
    case 'ArrowLeft':
      return layout === 'columns' ? { kind: 'column', step: -1 } : to(from - 1);
    default:
      return { kind: 'none' };
  }
}

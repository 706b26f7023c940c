import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { cardMoveOf, type CardListLayout } from '@/features/notifications/utils/card-keyboard';

export const CARD_SELECTOR = '[data-notification-card]';
export const CARD_LIST_ATTRIBUTE = 'data-notification-cards';

const cardsOf = (list: Element) => [...list.querySelectorAll<HTMLElement>(CARD_SELECTOR)];

/**
 * A roving tabindex over a list's cards: one card is the list's tab stop (the last one
 * focused), and the arrow keys move focus between cards and, side by side, between columns.
 */
export function useCardKeyboard(count: number, layout: CardListLayout) {
  const [active, setActive] = useState(0);
  const tabStop = Math.min(active, Math.max(count - 1, 0));

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = cardsOf(event.currentTarget).indexOf(event.target);
    if (index >= 0) setActive(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const cards = cardsOf(event.currentTarget);
    const from = cards.indexOf(event.target as HTMLElement);
    if (from < 0) return;
    const move = cardMoveOf(event.key, from, cards.length, layout);
    if (move.kind === 'none') return;
    event.preventDefault();
    if (move.kind === 'card') {
      cards[move.index]?.focus();
      return;
    }
    const lists = [...document.querySelectorAll(`[${CARD_LIST_ATTRIBUTE}]`)];
    const neighbour = lists[lists.indexOf(event.currentTarget) + move.step];
    if (!neighbour) return;
    const theirs = cardsOf(neighbour);
    theirs[Math.min(from, theirs.length - 1)]?.focus();
  };

  return { tabStop, listProps: { onFocus, onKeyDown, [CARD_LIST_ATTRIBUTE]: '' } };
}

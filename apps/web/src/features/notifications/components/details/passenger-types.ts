import type { Passenger } from '@smt/shared';

const AGE_CATEGORY: Record<string, string> = {
  ADT: 'Adult',
  CHD: 'Child',
  INF: 'Infant',
  YTH: 'Youth',
  SRC: 'Senior',
};

/** 'ADT' → 'Adult'; a code the GDS adds later reads as itself. */
export const ageCategoryOf = (type: string) => AGE_CATEGORY[type] ?? type;

export const passengerNameOf = (passenger: Passenger) =>
  [passenger.title, passenger.first_name, passenger.last_name].filter(Boolean).join(' ');

/** How many passengers of each age category, in the order they first appear. */
export function countByType(passengers: readonly Passenger[]): { type: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { type } of passengers) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count }));
}

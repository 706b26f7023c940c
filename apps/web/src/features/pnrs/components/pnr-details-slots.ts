import type { PnrDetails } from '@smt/shared';
import type { ReactNode } from 'react';

/**
 * What the route composes into an expanded booking from other features (features do not
 * import each other): the booking's cards, and its notifications.
 */
export type PnrDetailsSlots = {
  /** Passengers, flights, hotels and cars. */
  booking: (details: PnrDetails) => ReactNode;
  notifications: (pnrNumber: string) => ReactNode;
};

import { requestSnack } from '@/components/ui/snack-queue';

export type Snack = {
  success: (message: string) => void;
  error: (message: string) => void;
};

const SNACK: Snack = {
  success: (message) => requestSnack(message, { variant: 'success' }),
  error: (message) => requestSnack(message, { variant: 'error' }),
};

/** Green and red snacks (SPEC §8), shown bottom right by the app's snack host. */
export function useSnack(): Snack {
  return SNACK;
}

import { requestSnack } from '@/components/ui/snack-queue';

export type Snack = {
  success: (message: string) => void;
  error: (message: string) => void;
  /** A green snack offering Undo for `durationMs`; Undo closes it and calls `onUndo`. */
  undoable: (message: string, onUndo: () => void, durationMs: number) => void;
};

const SNACK: Snack = {
  success: (message) => requestSnack(message, { variant: 'success' }),
  error: (message) => requestSnack(message, { variant: 'error' }),
  undoable: (message, onUndo, durationMs) =>
    requestSnack(message, { variant: 'success', autoHideDuration: durationMs }, onUndo),
};

/** Green and red snacks (SPEC §8), shown bottom right by the app's snack host. */
export function useSnack(): Snack {
  return SNACK;
}

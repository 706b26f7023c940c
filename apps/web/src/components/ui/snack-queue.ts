import type { OptionsObject } from 'notistack';

// notistack is loaded with the first snack, not with the page (snack-host.tsx): until it is
// there, the snacks asked for wait here.

export type SnackRequest = {
  message: string;
  options: OptionsObject;
  /** Offers Undo on the snack; pressing it closes the snack and calls this. */
  undo?: () => void;
};
type Show = (request: SnackRequest) => void;

const waiting: SnackRequest[] = [];
const wantedListeners = new Set<() => void>();
let show: Show | null = null;

/** Shows a snack now, or as soon as the snack host has loaded. */
export function requestSnack(message: string, options: OptionsObject, undo?: () => void): void {
  const request: SnackRequest = undo ? { message, options, undo } : { message, options };
  if (show) return show(request);
  waiting.push(request);
  for (const listener of wantedListeners) listener();
}

/** Whether a snack has been asked for since the page loaded: the host must load. */
export function isSnackWanted(): boolean {
  return show !== null || waiting.length > 0;
}

/** Hears the first request for a snack. */
export function onSnackWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** The loaded host shows every waiting snack and each later one, until it stops. */
export function serveSnacks(showSnack: Show): () => void {
  show = showSnack;
  for (const request of waiting.splice(0)) showSnack(request);
  return () => {
    if (show === showSnack) show = null;
  };
}

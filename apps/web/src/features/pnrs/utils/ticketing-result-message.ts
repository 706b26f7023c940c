import { errorMessages, TicketingState, ticketingMessages } from '@smt/shared';

export type TicketingResult = { message: string; severity: 'success' | 'error' };

/** What ticketing answered: `data` of GET pnr/ticketing (SPEC §7.4). */
export type TicketingAnswer = { state: string | null; errorText: string | null };

const SUCCESSFUL: readonly TicketingState[] = ['SUCCESS', 'PARTIAL_SUCCESS'];

/**
 * The snack of a ticketing answer (SPEC §4, §8): the server's errorText first, else the text
 * of its state, else 'Operation failed'. Success and partial success are normal messages;
 * every other state is an error.
 */
export function ticketingResultMessage(answer: TicketingAnswer): TicketingResult {
  const state = TicketingState.safeParse(answer.state);
  const errorText = answer.errorText?.trim();
  const message =
    errorText || (state.success ? ticketingMessages[state.data] : errorMessages.operationFailed);
  const severity = state.success && SUCCESSFUL.includes(state.data) ? 'success' : 'error';
  return { message, severity };
}

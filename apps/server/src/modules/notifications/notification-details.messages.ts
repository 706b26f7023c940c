// Refusals of the single-notification calls that the operations service does not already word.

export const detailsMessages = {
  gdsFailed: 'The reservation system did not answer. Please try again later.',
  noSuchFare: 'This notification has no price quote with that fare basis',
  readonlyDelete: 'A read-only notification cannot be deleted',
} as const;

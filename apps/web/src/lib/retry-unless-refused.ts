import { ApiError } from '@/lib/api-client';

/** A refusal (400 bad filter, 404 gone or not yours, 403) will not change on a second try; a hiccup may. */
export const retryUnlessRefused = (failureCount: number, error: unknown) =>
  failureCount < 1 && !isRefusal(error);

export const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

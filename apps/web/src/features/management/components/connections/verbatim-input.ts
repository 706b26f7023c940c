/**
 * Input props of a field typed exactly as given (a token, a key, an address): no browser
 * suggestions, no spelling fixes, no capital first letter on a phone.
 */
export const VERBATIM_INPUT = {
  autoComplete: 'off',
  spellCheck: false,
  autoCapitalize: 'none',
} as const;

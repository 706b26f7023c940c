// Imported only by load-sign-in-calls.ts, by `import()`: the sign-in calls' contracts check
// their bodies with the sign-in rules, which bring the full zod build and libphonenumber's
// metadata, so they load in a chunk of their own, not with the login page.
export { authCalls } from '@smt/shared';

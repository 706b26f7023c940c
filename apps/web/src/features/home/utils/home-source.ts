import type { OrganisationLevel } from '@smt/shared';

/** Whose counts home shows: the user's own, or a scope of the organisation (SPEC §4). */
export type HomeSource =
  { kind: 'personal' } | { kind: 'all'; type: OrganisationLevel; ids: readonly number[] };

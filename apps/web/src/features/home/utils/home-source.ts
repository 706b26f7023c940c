import type { OrganisationLevel } from '@smt/shared';

/** Whose counts home shows: the user's own, or a scope of the organisation (SPEC §4). */
export type HomeSource =
  { kind: 'personal' } | { kind: 'all'; type: OrganisationLevel; ids: readonly number[] };

/** A manager's whole scope, nothing selected: what their home opens with. */
export const WHOLE_SCOPE = { kind: 'all', type: 'Agency', ids: [] } as const satisfies HomeSource;

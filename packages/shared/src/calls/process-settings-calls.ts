import { ROUTES } from '../routes';
import {
  ProcessSettingsCreateBody,
  ProcessSettingsCsvQuery,
  ProcessSettingsDeleteBody,
  ProcessSettingsListQuery,
  ProcessSettingsPage,
  ProcessSettingsUpdateBody,
} from '../schemas/process-settings';
import { defineCall, pathsOf } from './define-call';
import { Done } from './management-calls';

// The process settings pages (SPEC §2.11, §6): a list and its CSV file (GETs of a search),
// and form POSTs that give a branch settings of its own, change them, or drop them.

const SETTINGS = 'admin/management/process-settings';

export const processSettingsCalls = {
  list: defineCall({
    method: 'GET',
    path: `${SETTINGS}/getList`,
    access: ROUTES.processSettings,
    query: ProcessSettingsListQuery,
    answer: ProcessSettingsPage,
    refusals: ['management.agency-outside', 'management.branch-outside'],
  }),
  /** A file: its bytes are the answer. */
  csv: defineCall({
    method: 'GET',
    path: `${SETTINGS}/csv`,
    access: ROUTES.processSettings,
    query: ProcessSettingsCsvQuery,
    refusals: ['management.agency-outside', 'management.branch-outside'],
  }),
  create: defineCall({
    method: 'POST',
    path: `${SETTINGS}/create`,
    access: ROUTES.addProcessSettings,
    body: ProcessSettingsCreateBody,
    answer: Done,
    refusals: ['management.branch-outside', 'management.settings-already-own'],
  }),
  update: defineCall({
    method: 'POST',
    path: `${SETTINGS}/update`,
    access: ROUTES.processSettings,
    body: ProcessSettingsUpdateBody,
    answer: Done,
    refusals: ['management.defaults-super-only', 'management.branch-outside'],
  }),
  delete: defineCall({
    method: 'POST',
    path: `${SETTINGS}/delete`,
    access: ROUTES.processSettings,
    body: ProcessSettingsDeleteBody,
    answer: Done,
    refusals: ['management.branch-outside', 'management.settings-follow-default'],
  }),
};

/** Each process settings call's path under /api, for a caller that names it (a test, say). */
export const PROCESS_SETTINGS_CALLS = pathsOf(processSettingsCalls);

import { AgencyCreateBody, ROUTES, type ManagedAgency } from '@smt/shared';
import type { z } from 'zod';
import { createAgency } from '@/features/management/api/create-agency';
import { deleteAgency } from '@/features/management/api/delete-agency';
import { downloadAgencyCsv } from '@/features/management/api/download-agency-csv';
import { useAgencyList } from '@/features/management/api/get-agency-list';
import { updateAgency } from '@/features/management/api/update-agency';
import { updateAgencyStatus } from '@/features/management/api/update-agency-status';
import { managementTexts } from '@/features/management/utils/management-texts';
import type { KindConfig } from '../kind-list-page';

/** Agencies: listed by name; the form has the name alone. */
export const AGENCIES: KindConfig<ManagedAgency, z.output<typeof AgencyCreateBody>> = {
  title: ROUTES.agency.title,
  addTitle: ROUTES.addAgency.title,
  searchLabel: managementTexts.searchByName,
  kind: 'Agency',
  plural: 'agencies',
  useList: useAgencyList,
  setEnabled: (row, enabled) => updateAgencyStatus({ agencyId: row.id, enabled }),
  remove: (row) => deleteAgency({ agencyId: row.id }),
  download: downloadAgencyCsv,
  columns: [],
  schema: AgencyCreateBody,
  create: createAgency,
  update: (row, body) => updateAgency({ ...body, agencyId: row.id }),
};

import { AgencyCreateBody, ROUTES, type ManagedAgency } from '@smt/shared';
import type { z } from 'zod';
import type { KindConfig } from '@/components/management/kind-list-page';
import { agenciesApi } from '@/features/agencies/api/agencies-api';
import { managementTexts } from '@/lib/management/management-texts';

/** Agencies: listed by name; the form has the name alone. */
export const AGENCIES: KindConfig<ManagedAgency, z.output<typeof AgencyCreateBody>> = {
  title: ROUTES.agency.title,
  addTitle: ROUTES.addAgency.title,
  searchLabel: managementTexts.searchByName,
  kind: 'Agency',
  plural: 'agencies',
  list: agenciesApi.listQuery,
  setEnabled: (row, enabled) => agenciesApi.updateStatus({ agencyId: row.id, enabled }),
  remove: (row) => agenciesApi.remove({ agencyId: row.id }),
  download: agenciesApi.downloadCsv,
  columns: [],
  schema: AgencyCreateBody,
  create: agenciesApi.create,
  update: (row, body) => agenciesApi.update({ ...body, agencyId: row.id }),
};

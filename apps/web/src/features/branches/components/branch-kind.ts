import { BranchCreateBody, ROUTES, type AgencyItem, type ManagedBranch } from '@smt/shared';
import type { z } from 'zod';
import type { KindConfig } from '@/components/management/kind-list-page';
import { branchesApi } from '@/features/branches/api/branches-api';
import { agencyLabel } from '@/lib/management/choice-labels';
import { useAgencyChoices } from '@/lib/management/list-agency-choices';
import { managementTexts } from '@/lib/management/management-texts';

type BranchBody = z.output<typeof BranchCreateBody>;

/** Branches: listed with their PCC and agency; the form has the name, PCC and agency. */
export const BRANCHES: KindConfig<ManagedBranch, BranchBody, AgencyItem> = {
  title: ROUTES.branches.title,
  addTitle: ROUTES.addBranch.title,
  searchLabel: managementTexts.searchByNameOrPcc,
  kind: 'Branch',
  plural: 'branches',
  list: branchesApi.listQuery,
  setEnabled: (row, enabled) => branchesApi.updateStatus({ branchId: row.id, enabled }),
  remove: (row) => branchesApi.remove({ branchId: row.id }),
  download: branchesApi.downloadCsv,
  columns: [
    { key: 'pcc', label: managementTexts.pcc, value: (row) => row.pcc },
    { key: 'agency', label: managementTexts.agency, value: (row) => row.agencyName },
  ],
  code: { name: 'pcc', label: managementTexts.pcc },
  parent: {
    name: 'agencyId',
    label: managementTexts.agency,
    fixedLabel: (row) => row.agencyName,
    useChoices: useAgencyChoices,
    labelOf: agencyLabel,
  },
  schema: BranchCreateBody,
  create: branchesApi.create,
  update: (row, body) => branchesApi.update({ ...body, branchId: row.id }),
};

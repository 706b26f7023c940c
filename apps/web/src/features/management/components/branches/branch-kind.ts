import { BranchCreateBody, ROUTES, type AgencyItem, type ManagedBranch } from '@smt/shared';
import type { z } from 'zod';
import { createBranch } from '@/features/management/api/create-branch';
import { deleteBranch } from '@/features/management/api/delete-branch';
import { downloadBranchCsv } from '@/features/management/api/download-branch-csv';
import { useBranchList } from '@/features/management/api/get-branch-list';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { updateBranch } from '@/features/management/api/update-branch';
import { updateBranchStatus } from '@/features/management/api/update-branch-status';
import { agencyLabel } from '@/features/management/utils/choice-labels';
import { managementTexts } from '@/features/management/utils/management-texts';
import type { KindConfig } from '../kind-list-page';

type BranchBody = z.output<typeof BranchCreateBody>;

/** Branches: listed with their PCC and agency; the form has the name, PCC and agency. */
export const BRANCHES: KindConfig<ManagedBranch, BranchBody, AgencyItem> = {
  title: ROUTES.branches.title,
  addTitle: ROUTES.addBranch.title,
  searchLabel: managementTexts.searchByNameOrPcc,
  kind: 'Branch',
  plural: 'branches',
  useList: useBranchList,
  setEnabled: (row, enabled) => updateBranchStatus({ branchId: row.id, enabled }),
  remove: (row) => deleteBranch({ branchId: row.id }),
  download: downloadBranchCsv,
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
  create: createBranch,
  update: (row, body) => updateBranch({ ...body, branchId: row.id }),
};

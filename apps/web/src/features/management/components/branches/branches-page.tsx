import { ROUTES, type ManagedBranch } from '@smt/shared';
import { deleteBranch } from '@/features/management/api/delete-branch';
import { downloadBranchCsv } from '@/features/management/api/download-branch-csv';
import { useBranchList } from '@/features/management/api/get-branch-list';
import { updateBranchStatus } from '@/features/management/api/update-branch-status';
import { managementTexts } from '@/features/management/utils/management-texts';
import { KindListPage, type KindListConfig } from '../kind-list-page';
import { BranchForm } from './branch-form';

const BRANCHES: KindListConfig<ManagedBranch> = {
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
  form: (branch, close) => <BranchForm branch={branch} onDone={close} onCancel={close} />,
};

type BranchesPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
};

/** The branch list (SPEC §2.11): name, PCC, agency, enabled, edit and delete. */
export function BranchesPage({ addPath }: BranchesPageProps) {
  return <KindListPage config={BRANCHES} addPath={addPath} />;
}

import { ROUTES } from '@smt/shared';
import { FormPage } from '../form-page';
import { BranchForm } from './branch-form';

type AddBranchPageProps = { onAdded: () => void };

/** `/management/tools/branches/add-branch`: the branch form on a page of its own. */
export function AddBranchPage({ onAdded }: AddBranchPageProps) {
  return (
    <FormPage title={ROUTES.addBranch.title}>
      <BranchForm onDone={onAdded} />
    </FormPage>
  );
}

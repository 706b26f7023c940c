import { AddKindPage } from '@/components/management/add-kind-page';
import { BRANCHES } from './branch-kind';

type AddBranchPageProps = { onAdded: () => void };

/** `/management/tools/branches/add-branch`: the branch form on a page of its own. */
export function AddBranchPage({ onAdded }: AddBranchPageProps) {
  return <AddKindPage config={BRANCHES} onAdded={onAdded} />;
}

import { KindListPage } from '@/components/management/kind-list-page';
import { BRANCHES } from './branch-kind';

type BranchesPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
};

/** The branch list (SPEC §2.11): name, PCC, agency, enabled, edit and delete. */
export function BranchesPage({ addPath }: BranchesPageProps) {
  return <KindListPage config={BRANCHES} addPath={addPath} />;
}

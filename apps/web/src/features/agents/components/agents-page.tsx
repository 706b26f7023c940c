import { KindListPage } from '@/components/management/kind-list-page';
import { AGENTS } from './agent-kind';

type AgentsPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
};

/** The agent list (SPEC §2.11): name, initials, branch, enabled, edit and delete. */
export function AgentsPage({ addPath }: AgentsPageProps) {
  return <KindListPage config={AGENTS} addPath={addPath} />;
}

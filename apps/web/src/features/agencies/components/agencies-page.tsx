import type { ReactNode } from 'react';
import { KindListPage } from '@/components/management/kind-list-page';
import { AGENCIES } from './agency-kind';

type AgenciesPageProps = {
  /** The add page, when the caller may open it. */
  addPath?: string | undefined;
  /** What the empty list says, when the caller's role explains it. */
  empty?: ReactNode;
};

/** The agency list (SPEC §2.11): name, enabled, edit and delete. */
export function AgenciesPage({ addPath, empty }: AgenciesPageProps) {
  return <KindListPage config={AGENCIES} addPath={addPath} empty={empty} />;
}

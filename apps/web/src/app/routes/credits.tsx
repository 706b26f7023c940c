import { CreditsPage } from '@/features/credits/components/credits-page';

/** `/credits` (issue 36): the credits ledger of the caller's scope. */
export function CreditsRoute() {
  return <CreditsPage />;
}

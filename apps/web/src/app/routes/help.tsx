import { ROUTES } from '@smt/shared';
import { HelpPage } from '@/features/help/components/help-page';

/** `/help`. */
export function HelpRoute() {
  return <HelpPage documentsPath={ROUTES.documents.path} supportPath={ROUTES.support.path} />;
}

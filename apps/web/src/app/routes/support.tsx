import { ROUTES } from '@smt/shared';
import { useSignedIn } from '@/app/routes/signed-in-context';
import { SupportPage } from '@/features/support/components/support-page';

/** `/support`: the contacts and feedback form the deployment configures. */
export function SupportRoute() {
  const { config } = useSignedIn();
  return (
    <SupportPage
      email={config.supportEmail}
      phones={config.supportPhones}
      feedbackUrl={config.feedbackUrl}
      helpPath={ROUTES.help.path}
      documentsPath={ROUTES.documents.path}
    />
  );
}

import { ROUTES } from '@smt/shared';
import { useNavigate } from 'react-router';
import { AddProcessSettingsPage } from '@/features/process-settings/components/add-process-settings-page';

/** `/management/tools/add-process-settings` (SPEC §2.11): once added, back to the list. */
export function ManagementAddProcessSettingsRoute() {
  const navigate = useNavigate();
  return <AddProcessSettingsPage onAdded={() => void navigate(ROUTES.processSettings.path)} />;
}

import Skeleton from '@mui/material/Skeleton';
import { ROUTES } from '@smt/shared';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useProcessSettingsList } from '@/features/management/api/get-process-settings-list';
import { managementTexts } from '@/features/management/utils/management-texts';
import { FormPage } from '../form-page';
import { ProcessSettingsForm } from './process-settings-form';
import { processSettingsTexts as texts } from './process-settings-texts';

type AddProcessSettingsPageProps = { onAdded: () => void };

/**
 * `/management/tools/add-process-settings`: a branch gets settings of its own, starting from
 * the default it followed until now.
 */
export function AddProcessSettingsPage({ onAdded }: AddProcessSettingsPageProps) {
  const defaults = useProcessSettingsList({}, 0);
  return (
    <FormPage title={ROUTES.addProcessSettings.title}>
      {defaults.isPending ? (
        <Skeleton
          variant="rounded"
          height={480}
          role="progressbar"
          aria-label={managementTexts.loading}
        />
      ) : defaults.isError ? (
        <RetryAlert
          message={texts.cantLoad}
          retrying={defaults.isFetching}
          onRetry={() => void defaults.refetch()}
        />
      ) : (
        <ProcessSettingsForm
          target={{ kind: 'add' }}
          values={defaults.data.defaults}
          onDone={onAdded}
        />
      )}
    </FormPage>
  );
}

import { ROUTES } from '@smt/shared';
import { FormPage } from '@/components/management/form-page';
import { LoadedContent } from '@/components/management/loaded-content';
import { useProcessSettingsList } from '@/features/process-settings/api/get-process-settings-list';
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
      <LoadedContent query={defaults} height={480} cantLoad={texts.cantLoad}>
        {(list) => (
          <ProcessSettingsForm target={{ kind: 'add' }} values={list.defaults} onDone={onAdded} />
        )}
      </LoadedContent>
    </FormPage>
  );
}

import { FormPage } from './form-page';
import { KindForm } from './kind-form';
import type { KindConfig, KindRow } from './kind-list-page';

type AddKindPageProps<Row extends KindRow, Body, Parent extends { id: number }> = {
  config: KindConfig<Row, Body, Parent>;
  onAdded: () => void;
};

/** An agency's, branch's or agent's add page: the kind's form on a page of its own. */
export function AddKindPage<Row extends KindRow, Body, Parent extends { id: number }>({
  config,
  onAdded,
}: AddKindPageProps<Row, Body, Parent>) {
  return (
    <FormPage title={config.addTitle}>
      <KindForm config={config} onDone={onAdded} />
    </FormPage>
  );
}

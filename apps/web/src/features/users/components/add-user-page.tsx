import { ROUTES } from '@smt/shared';
import { FormPage } from '@/components/management/form-page';
import { UserForm } from './user-form';

type AddUserPageProps = { onAdded: () => void };

/** `/management/tools/add-user`: the super user's user form on a page of its own (SPEC §6). */
export function AddUserPage({ onAdded }: AddUserPageProps) {
  return (
    <FormPage title={ROUTES.addUser.title}>
      <UserForm roleGiver="superUser" onDone={onAdded} />
    </FormPage>
  );
}

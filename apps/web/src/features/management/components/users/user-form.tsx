import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { successMessages, UserCreateBody, type ManagedUser } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useCreateUser } from '@/features/management/api/create-user';
import { useUpdateUser } from '@/features/management/api/update-user';
import { formSchemaOf } from '@/lib/form-schema';
import { useSchemaForm } from '@/lib/use-schema-form';
import { managementTexts, ROLE_LABEL } from '@/features/management/utils/management-texts';
import { roleChoicesFor, type RoleGiver } from '@/features/management/utils/role-choices';
import {
  EMPTY_USER_FORM,
  userBodyOf,
  userFormOf,
} from '@/features/management/utils/user-form-values';
import { ChoiceSelect } from '../choice-select';
import { FormActions } from '../form-actions';
import { OrganisationPlaceFields, type PlaceDepth } from '../organisation-place-fields';

/** An agent user books as one agent; a branch manager runs one branch (SPEC §3). */
const placeDepthOf = (role: string): PlaceDepth =>
  role === 'ROLE_SA_AGENT_USER'
    ? 'agent'
    : role === 'ROLE_SA_BRANCH_MANAGER_USER'
      ? 'branch'
      : 'agency';

type UserFormProps = {
  /** The user to edit; without it the form adds one. */
  user?: ManagedUser;
  /** A super user may give every role; a manager neither super user nor operator. */
  roleGiver: RoleGiver;
  onDone: () => void;
  onCancel?: () => void;
};

/**
 * A user's name, e-mail, device number, role and place (SPEC §3), checked by the schema the
 * server parses them with. A new user's switches are here; an existing one's are in the list.
 */
export function UserForm({ user, roleGiver, onDone, onCancel }: UserFormProps) {
  const snack = useSnack();
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useSchemaForm({
    initial: user ? userFormOf(user) : EMPTY_USER_FORM,
    // The update schema checks the same fields and place; it only adds the user's id.
    schema: formSchemaOf(userBodyOf, UserCreateBody),
    submit: (body) =>
      user
        ? update.mutateAsync({
            userId: user.id,
            name: body.name,
            email: body.email,
            deviceNumber: body.deviceNumber,
            role: body.role,
            agencyId: body.agencyId,
            branchId: body.branchId,
            agentId: body.agentId,
          })
        : create.mutateAsync(body),
    onDone: () => {
      snack.success(user ? successMessages.userUpdated : managementTexts.added('User'));
      onDone();
    },
  });
  const { values } = form;
  const roles = roleChoicesFor(roleGiver).map((role) => ({ value: role, label: ROLE_LABEL[role] }));
  const deviceError = form.errorOf('deviceNumber');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <TextField label={managementTexts.name} required fullWidth {...form.textField('name')} />
      <TextField
        label={managementTexts.email}
        type="email"
        required
        fullWidth
        {...form.textField('email')}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <TextField
        label={managementTexts.deviceNumber}
        type="tel"
        required
        fullWidth
        {...form.textField('deviceNumber')}
        helperText={deviceError ?? managementTexts.deviceNumberHint}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <ChoiceSelect
        label={managementTexts.role}
        name="role"
        value={values.role}
        choices={roles}
        onChange={(role) => form.change({ role })}
        onBlur={() => form.touch('role')}
        required
        error={form.errorOf('role')}
      />
      <OrganisationPlaceFields
        value={values}
        onChange={(place) => form.change(place)}
        onBlur={form.touch}
        errorOf={form.errorOf}
        depth={placeDepthOf(values.role)}
      />
      {!user && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <FormControlLabel
            label={managementTexts.enabled}
            control={
              <Switch
                checked={values.enabled}
                onChange={(_event, enabled) => form.change({ enabled })}
              />
            }
          />
          <FormControlLabel
            label={managementTexts.activated}
            control={
              <Switch
                checked={values.activated}
                onChange={(_event, activated) => form.change({ activated })}
              />
            }
          />
        </Stack>
      )}
      <FormActions
        canSubmit={form.canSubmit}
        submitting={form.submitting}
        submitError={form.submitError}
        onCancel={onCancel}
      />
    </Stack>
  );
}

import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { successMessages, UserCreateBody, type ManagedUser } from '@smt/shared';
import { ChoiceSelect } from '@/components/management/choice-select';
import { ManagementForm } from '@/components/management/management-form';
import {
  OrganisationPlaceFields,
  type PlaceDepth,
} from '@/components/management/organisation-place-fields';
import { useSnack } from '@/components/ui/snack';
import { usersApi } from '@/features/users/api/users-api';
import { roleChoicesFor, type RoleGiver } from '@/features/users/utils/role-choices';
import { EMPTY_USER_FORM, userBodyOf, userFormOf } from '@/features/users/utils/user-form-values';
import { formSchemaOf } from '@/lib/form-schema';
import { useManagementMutation } from '@/lib/management/management-request';
import { managementTexts, ROLE_LABEL } from '@/lib/management/management-texts';
import { useSchemaForm } from '@/lib/use-schema-form';

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
  const create = useManagementMutation(usersApi.create);
  const update = useManagementMutation(usersApi.update);
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
  // Where the user is reached: the browser's suggestions would be the caller's own.
  const contact = (field: 'email' | 'deviceNumber', type: 'email' | 'tel', hint?: string) => (
    <TextField
      label={managementTexts[field]}
      type={type}
      required
      fullWidth
      {...form.textField(field)}
      helperText={form.errorOf(field) ?? hint}
      slotProps={{ htmlInput: { autoComplete: 'off' } }}
    />
  );
  const flag = (field: 'enabled' | 'activated') => (
    <FormControlLabel
      label={managementTexts[field]}
      control={
        <Switch checked={values[field]} onChange={(_event, on) => form.change({ [field]: on })} />
      }
    />
  );

  return (
    <ManagementForm form={form} onCancel={onCancel}>
      <TextField label={managementTexts.name} required fullWidth {...form.textField('name')} />
      {contact('email', 'email')}
      {contact('deviceNumber', 'tel', managementTexts.deviceNumberHint)}
      <ChoiceSelect
        label={managementTexts.role}
        {...form.choiceField('role')}
        choices={roles}
        required
      />
      <OrganisationPlaceFields
        value={values}
        onChange={(place) => form.change(place)}
        onBlur={form.touch}
        errorOf={form.errorOf}
        depth={placeDepthOf(values.role)}
        // An agent is one user's: another user's agent is no choice (issue 38).
        agents={{ withoutUser: true, keepingUser: user?.id }}
      />
      {!user && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          {flag('enabled')}
          {flag('activated')}
        </Stack>
      )}
    </ManagementForm>
  );
}

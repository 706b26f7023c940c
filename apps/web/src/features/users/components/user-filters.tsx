import TextField from '@mui/material/TextField';
import type { AssignableRole } from '@smt/shared';
import { useState } from 'react';
import { ChoiceSelect } from '@/components/management/choice-select';
import { SearchForm } from '@/components/management/search-form';
import type { UserSearch } from '@/features/users/utils/user-search';
import { withoutBlanks } from '@/lib/management/list-search';
import { managementTexts, ROLE_LABEL } from '@/lib/management/management-texts';

type UserFiltersProps = {
  roles: readonly AssignableRole[];
  onSearch: (search: UserSearch) => void;
};

const EMPTY = { name: '', email: '', deviceNumber: '', role: '' };

/** The users list's search by name, e-mail and device number, and its role filter (SPEC §6). */
export function UserFilters({ roles, onSearch }: UserFiltersProps) {
  const [values, setValues] = useState(EMPTY);
  const text = (field: 'name' | 'email' | 'deviceNumber', label: string) => (
    <TextField
      type="search"
      label={label}
      value={values[field]}
      onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      size="small"
      slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
    />
  );

  return (
    <SearchForm
      // The select offers only the picker's roles, so a chosen one is an AssignableRole.
      onSearch={() => onSearch(withoutBlanks(values) as UserSearch)}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr) auto' },
        alignItems: 'start',
      }}
      buttonSx={{ minHeight: 40 }}
    >
      {text('name', managementTexts.name)}
      {text('email', managementTexts.email)}
      {text('deviceNumber', managementTexts.deviceNumber)}
      <ChoiceSelect
        label={managementTexts.role}
        name="role"
        value={values.role}
        emptyLabel={managementTexts.anyRole}
        choices={roles.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
        onChange={(role) => setValues({ ...values, role })}
        size="small"
      />
    </SearchForm>
  );
}

import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { NameSearch } from '@/lib/management/list-search';
import { withoutBlanks } from '@/lib/management/list-search';
import { SearchForm } from './search-form';

type ManagementSearchBoxProps = {
  label: string;
  onSearch: (search: NameSearch) => void;
};

/** A list's search box: Enter or Search applies the text; an emptied box lists everything. */
export function ManagementSearchBox({ label, onSearch }: ManagementSearchBoxProps) {
  const [name, setName] = useState('');
  return (
    <SearchForm
      onSearch={() => onSearch(withoutBlanks({ name }))}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: 560 }}
      buttonSx={{ flexShrink: 0 }}
    >
      <TextField
        type="search"
        label={label}
        value={name}
        onChange={(event) => setName(event.target.value)}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
      />
    </SearchForm>
  );
}

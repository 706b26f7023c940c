import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { NameSearch } from '@/features/management/utils/list-search';
import { withoutBlanks } from '@/features/management/utils/list-search';
import { managementTexts } from '@/features/management/utils/management-texts';

type ManagementSearchBoxProps = {
  label: string;
  onSearch: (search: NameSearch) => void;
};

/** A list's search box: Enter or Search applies the text; an emptied box lists everything. */
export function ManagementSearchBox({ label, onSearch }: ManagementSearchBoxProps) {
  const [name, setName] = useState('');
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(withoutBlanks({ name }));
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: 560 }}
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
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
        {managementTexts.search}
      </Button>
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { managementTexts } from '@/lib/management/management-texts';

type SearchFormProps = {
  /** Enter or Search: what the fields say now. */
  onSearch: () => void;
  sx: SxProps<Theme>;
  buttonSx: SxProps<Theme>;
  /** The search's fields, before the button. */
  children: ReactNode;
};

/** A list's search: its fields and the Search button; nothing leaves the page. */
export function SearchForm({ onSearch, sx, buttonSx, children }: SearchFormProps) {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      sx={sx}
    >
      {children}
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={buttonSx}>
        {managementTexts.search}
      </Button>
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PnrInfoQuery } from '@smt/shared';
import { useState, type FormEvent } from 'react';
import { pnrInfoTexts } from './pnr-info-texts';

type PnrSearchFormProps = { initial: string; onSearch: (pnrNumber: string) => void };

/** A PNR number, checked by the rule the server applies, then shown. */
export function PnrSearchForm({ initial, onSearch }: PnrSearchFormProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PnrInfoQuery.safeParse({ pnrNumber: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSearch(parsed.data.pnrNumber);
  };

  return (
    <Stack
      component="form"
      role="search"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        label={pnrInfoTexts.pnrNumber}
        name="pnrNumber"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error !== undefined}
        helperText={error}
        size="small"
        sx={{ minWidth: { sm: 260 } }}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {pnrInfoTexts.show}
      </Button>
    </Stack>
  );
}

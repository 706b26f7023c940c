import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

type AddLinkButtonProps = { to: string; label: string };

/** A list's way to its add page. */
export function AddLinkButton({ to, label }: AddLinkButtonProps) {
  return (
    <Button component={RouterLink} to={to} variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );
}

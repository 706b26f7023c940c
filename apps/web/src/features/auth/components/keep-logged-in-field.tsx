import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { loginTexts } from '@/features/auth/login-texts';

type KeepLoggedInFieldProps = {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
};

/** 'Keep me logged in', with the warning that the device then guards the session alone. */
export function KeepLoggedInField({ checked, disabled, onChange }: KeepLoggedInFieldProps) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
          />
        }
        label={loginTexts.keepLoggedIn}
      />
      {checked && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {loginTexts.keepLoggedInWarning}
        </Alert>
      )}
    </Box>
  );
}

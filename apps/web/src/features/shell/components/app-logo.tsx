import Box from '@mui/material/Box';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

type AppLogoProps = { to: string };

/** The product's mark: a watched booking, ticked off. */
function LogoMark() {
  return (
    <SvgIcon viewBox="0 0 24 24" sx={{ fontSize: 28 }} aria-hidden>
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M7 12.5l3.2 3.2L17 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SvgIcon>
  );
}

export function AppLogo({ to }: AppLogoProps) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
      }}
    >
      <LogoMark />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 2 }}>
        SMT
      </Typography>
    </Box>
  );
}

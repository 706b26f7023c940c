import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { uiTexts } from '@smt/shared';
import type { ReactNode } from 'react';
import { loginTexts } from '@/features/auth/login-texts';

type LoginLayoutProps = {
  logo?: ReactNode;
  termsUrl: string;
  privacyUrl: string;
  children: ReactNode;
};

/** The product's promise beside (or above, on phones) the current sign-in step. */
export function LoginLayout({ logo, termsUrl, privacyUrl, children }: LoginLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
        gridTemplateRows: { xs: 'auto 1fr', md: '1fr' },
      }}
    >
      <Box
        component="header"
        sx={(theme) => ({
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          backgroundImage: `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
          px: { xs: 3, md: 6 },
          py: { xs: 3, md: 8 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: { md: 'center' },
          gap: { xs: 1.5, md: 3 },
        })}
      >
        {logo}
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, typography: { xs: 'h5', md: 'h3' } }}
        >
          {uiTexts.loginTagline}
        </Typography>
        <Typography sx={{ opacity: 0.9, typography: { xs: 'body1', md: 'h6' } }}>
          {uiTexts.loginSubtitle}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', md: 'center' },
          justifyContent: 'center',
          px: { xs: 2, sm: 4 },
          py: { xs: 3, md: 6 },
        }}
      >
        <Stack spacing={3} sx={{ width: '100%', maxWidth: 480 }}>
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 2.5, sm: 4 },
              borderRadius: 2,
            }}
          >
            {children}
          </Paper>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {loginTexts.termsLead}{' '}
            <Link href={termsUrl} target="_blank" rel="noopener noreferrer">
              {loginTexts.terms}
            </Link>{' '}
            {loginTexts.and}{' '}
            <Link href={privacyUrl} target="_blank" rel="noopener noreferrer">
              {loginTexts.privacy}
            </Link>
            .
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}

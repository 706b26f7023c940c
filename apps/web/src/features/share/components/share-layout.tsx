import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { uiTexts, type PublicShareResponse } from '@smt/shared';
import { useMemo, type ReactNode } from 'react';
import { sanitiseHtml } from '@/features/share/utils/sanitise-html';
import { DesignHtml } from './design-html';

export type ShareDesign = PublicShareResponse['designProperties'];

export const DEFAULT_DESIGN: ShareDesign = { header: null, footer: null };

type ShareLayoutProps = { design: ShareDesign; children?: ReactNode };

/**
 * The traveller's page, with no app around it: the agency's header (else 'Your reservation'),
 * the content, and the agency's footer if it has one.
 */
export function ShareLayout({ design, children }: ShareLayoutProps) {
  const header = useMemo(() => sanitiseHtml(design.header), [design.header]);
  const footer = useMemo(() => sanitiseHtml(design.footer), [design.footer]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <title>{uiTexts.defaultShareHeader}</title>
      {header === null ? (
        <DefaultHeader />
      ) : (
        <Box
          component="header"
          sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
        >
          <Container maxWidth="md" sx={{ py: 2 }}>
            <DesignHtml html={header} />
          </Container>
        </Box>
      )}
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 2, sm: 4 } }}>
        {children}
      </Container>
      {footer !== null && (
        <Box
          component="footer"
          sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
        >
          <Container maxWidth="md" sx={{ py: 2 }}>
            <DesignHtml html={footer} />
          </Container>
        </Box>
      )}
    </Box>
  );
}

function DefaultHeader() {
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1">
          {uiTexts.defaultShareHeader}
        </Typography>
      </Container>
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type PageContentProps = { children: ReactNode };

/** A page's content column: full width on small screens, centred at the theme's max width. */
export function PageContent({ children }: PageContentProps) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        width: '100%',
        maxWidth: theme.layout.contentMaxWidth,
        mx: 'auto',
        px: { xs: 2, sm: 3 },
        py: { xs: 2, sm: 3 },
      })}
    >
      {children}
    </Box>
  );
}

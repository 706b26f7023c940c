import Box from '@mui/material/Box';
import type { SafeHtml } from '@/features/share/utils/sanitise-html';

/** An agency's own header or footer, once sanitised. */
export function DesignHtml({ html }: { html: SafeHtml }) {
  return (
    <Box
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } }}
    />
  );
}

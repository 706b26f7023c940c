import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { designPreviewDocument } from './design-preview-document';
import { designPropertiesTexts as texts } from './design-properties-texts';

type DesignPreviewProps = { header: string; footer: string };

/**
 * The public page's header and footer as typed, live. The frame is sandboxed with no
 * permissions at all: nothing in it runs script, submits or navigates, whatever was typed.
 */
export function DesignPreview({ header, footer }: DesignPreviewProps) {
  const theme = useTheme();
  // Typing stays quick: the frame catches up when the browser is idle.
  const deferredHeader = useDeferredValue(header);
  const deferredFooter = useDeferredValue(footer);
  const document = useMemo(
    () => designPreviewDocument(deferredHeader, deferredFooter, theme),
    [deferredHeader, deferredFooter, theme],
  );
  return (
    <Box component="section" aria-label={texts.preview}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {texts.preview}
      </Typography>
      <Box
        component="iframe"
        title={texts.previewFrame}
        sandbox=""
        srcDoc={document}
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 360, md: 420 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
        }}
      />
    </Box>
  );
}

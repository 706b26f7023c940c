import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What a lazy page shows while its chunk loads. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ROUTES } from '@smt/shared';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { managementTexts } from '@/lib/management/management-texts';

/**
 * What an operator's landing says: SPEC lands operators here, but their role opens no agency's
 * data (docs/decisions/033), so the page says so and points to what they can open.
 */
export function OperatorEmptyAgencies() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', pb: 4 }}>
      <EmptyState
        title={managementTexts.operatorNoAgencies}
        text={managementTexts.operatorNoAgenciesText}
      />
      <Stack
        component="nav"
        aria-label={managementTexts.operatorWhereToGo}
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', justifyContent: 'center', rowGap: 1 }}
      >
        {[ROUTES.documents, ROUTES.help, ROUTES.support].map((route) => (
          <Button key={route.path} component={RouterLink} to={route.path} variant="outlined">
            {route.title}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

import WarningAmberIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { Alert } from '@smt/shared';

type CardAlertsProps = { alerts: readonly Alert[] };

/** An alert icon whose tooltip lists the alerts; it takes the focus, so keyboards reach it. */
export function CardAlerts({ alerts }: CardAlertsProps) {
  if (alerts.length === 0) return null;
  const texts = alerts.map((alert) => alert.text);
  return (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {texts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </Box>
      }
    >
      <Box
        component="span"
        role="img"
        tabIndex={0}
        aria-label={`Alerts: ${texts.join('; ')}`}
        sx={{ display: 'inline-flex', borderRadius: 1, color: 'warning.main' }}
      >
        <WarningAmberIcon fontSize="small" />
      </Box>
    </Tooltip>
  );
}

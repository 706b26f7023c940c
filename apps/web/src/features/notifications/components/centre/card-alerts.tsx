import WarningAmberIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { Alert } from '@smt/shared';
import { onAgentsClock } from '@/lib/agent-clock';

type CardAlertsProps = { alerts: readonly Alert[]; pending: boolean };

/**
 * An alert icon whose tooltip lists the alerts; it takes the focus, so keyboards reach it. It
 * is alert-coloured while the notification is pending and grey once it is not (SPEC §2.4).
 */
export function CardAlerts({ alerts, pending }: CardAlertsProps) {
  if (alerts.length === 0) return null;
  const texts = alerts.map((alert) => onAgentsClock(alert.text));
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
        sx={{
          display: 'inline-flex',
          borderRadius: 1,
          color: pending ? 'warning.main' : 'text.disabled',
        }}
      >
        <WarningAmberIcon fontSize="small" />
      </Box>
    </Tooltip>
  );
}

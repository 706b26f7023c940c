import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { creditAvailableText, localDayText, type CreditAvailable } from '@smt/shared';

type CreditAvailableBadgesProps = {
  /** The booking's open credits, as its answer carries them; absent or empty shows nothing. */
  credits: readonly CreditAvailable[] | undefined;
  /** PNR details name the passenger and the last day too; a card has room for the amount only. */
  detailed?: boolean;
};

const detailsOf = (credit: CreditAvailable) =>
  [
    credit.passenger_name,
    credit.expires_on ? `expires ${localDayText(credit.expires_on)}` : undefined,
  ].filter((part) => part !== undefined);

/**
 * 'Credit available: 120.00 USD with LY' for each open credit of a booking's passengers on an
 * airline it flies (issue 36): on its notification card and in its PNR details, so the agent
 * uses it before it expires.
 */
export function CreditAvailableBadges({ credits, detailed = false }: CreditAvailableBadgesProps) {
  if (!credits || credits.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {credits.map((credit, index) => {
        const text = creditAvailableText(credit);
        const more = detailsOf(credit).join(', ');
        return (
          <Chip
            key={index}
            size="small"
            color="success"
            variant="outlined"
            icon={<WalletIcon />}
            label={detailed ? `${text} (${more})` : text}
            title={`${text} (${more})`}
            sx={{
              maxWidth: '100%',
              height: 'auto',
              '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
            }}
          />
        );
      })}
    </Stack>
  );
}

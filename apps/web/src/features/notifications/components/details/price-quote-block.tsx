import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PriceQuote, QuoteSaving } from '@smt/shared';
import { useState } from 'react';
import { FieldGrid } from '@/components/ui/field-grid';
import { formatAmount } from '@/lib/format';
import { DetailsCard } from './details-card';
import { detailsTexts } from './details-texts';
import { FareRulesDialog } from './fare-rules-dialog';
import { NewConditionsTitle } from './new-conditions-title';
import { PenaltyConditions } from './penalty-conditions';
import { PriceQuoteCoverage } from './price-quote-coverage';
import { losesFreeBaggage, savingOf } from './price-quote-amounts';

type PriceQuoteBlockProps = { notificationId: number; quote: PriceQuote };

const Saved = ({ amount }: { amount: number }) => (
  <Typography component="span" variant="body2" color="success.main" sx={{ fontWeight: 600 }}>
    {formatAmount(amount)}
  </Typography>
);

/** The net and, where it saves anything, the kind of money it is: cash or airline credit. */
const Net = ({ saving }: { saving: QuoteSaving }) =>
  saving.kind && saving.net > 0 ? (
    <>
      <Saved amount={saving.net} /> {detailsTexts.netKind[saving.kind]}
    </>
  ) : (
    <Saved amount={saving.net} />
  );

/** What repricing costs before it saves, when it costs anything: fees, bags, the net. */
function deductionFields(saving: QuoteSaving | undefined) {
  if (!saving || (saving.tickets === 0 && saving.bags_lost === 0)) return [];
  return [
    ...(saving.tickets > 0
      ? [
          {
            label: detailsTexts.changeFees(saving.tickets),
            value: `−${formatAmount(saving.change_fee * saving.tickets)}`,
          },
        ]
      : []),
    ...(saving.refund_fee
      ? [
          {
            label: detailsTexts.refundFees(saving.tickets),
            value: `−${formatAmount(saving.refund_fee * saving.tickets)}`,
          },
        ]
      : []),
    ...(saving.bags_lost > 0
      ? [
          {
            label: detailsTexts.bagsToBuyBack(saving.bags_lost),
            value: saving.bag_price_unknown
              ? detailsTexts.bagPriceUnknown
              : `−${formatAmount(saving.bags_cost)}`,
          },
        ]
      : []),
    { label: detailsTexts.netSaving, value: <Net saving={saving} /> },
  ];
}

/** One price quote of a Reprice: the prices, the saving, and what the new fare changes. */
export function PriceQuoteBlock({ notificationId, quote }: PriceQuoteBlockProps) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const segmentName = new Map(quote.segments.map((s) => [s.id, `${s.origin}-${s.dest}`]));
  const { conditions, fare_conds: fare } = quote;

  return (
    <DetailsCard title={detailsTexts.priceQuote(quote.seq_num)}>
      <Stack spacing={2} divider={<Divider flexItem />}>
        <FieldGrid
          fields={[
            { label: detailsTexts.currentPrice, value: formatAmount(quote.current_price) },
            { label: detailsTexts.newPrice, value: formatAmount(quote.new_price) },
            { label: detailsTexts.saving, value: <Saved amount={savingOf(quote)} /> },
            ...deductionFields(quote.saving),
            { label: detailsTexts.currency, value: quote.currency },
          ]}
        />
        <PriceQuoteCoverage quote={quote} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1 } }}>
          <PenaltyConditions
            title={detailsTexts.currentConditions}
            rules={conditions.current_conds.penalty_rules}
          />
          <PenaltyConditions
            title={<NewConditionsTitle losesFreeBaggage={losesFreeBaggage(quote)} />}
            rules={conditions.new_conds.penalty_rules}
          />
        </Stack>
        <Stack spacing={0.5}>
          <Typography variant="subtitle2" component="h4">
            {detailsTexts.fareConditions}
          </Typography>
          <FieldGrid
            fields={[
              {
                label: detailsTexts.farebasis,
                value: (
                  <Link
                    component="button"
                    variant="body2"
                    aria-haspopup="dialog"
                    onClick={() => setRulesOpen(true)}
                  >
                    {fare.farebasis}
                  </Link>
                ),
              },
              { label: detailsTexts.flightClass, value: fare.flight_class },
              { label: detailsTexts.bag, value: fare.bag },
            ]}
          />
        </Stack>
        {quote.newBaggageInfos.length > 0 && (
          <Stack spacing={0.5}>
            <Typography variant="subtitle2" component="h4">
              {detailsTexts.newBaggage}
            </Typography>
            {quote.newBaggageInfos.map((info, index) => (
              <Typography key={index} variant="body2">
                {info.segments.map((id) => segmentName.get(id) ?? id).join(', ')}
                {': '}
                {info.cost === null
                  ? detailsTexts.noBaggageFee
                  : detailsTexts.baggageFee(`${formatAmount(info.cost)} ${quote.currency}`)}
              </Typography>
            ))}
          </Stack>
        )}
      </Stack>
      <FareRulesDialog
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        request={{
          notificationId,
          seqNum: quote.seq_num,
          segmentId: quote.segments[0]?.id,
          farebasis: fare.farebasis,
          flightClass: fare.flight_class || undefined,
        }}
      />
    </DetailsCard>
  );
}

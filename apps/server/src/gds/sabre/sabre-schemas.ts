import { z } from 'zod';

// Sabre's Booking Management answers, as its API reference documents them (typed by hand in
// CarlosIvanSoto/sabre from Sabre's docs; requests from SabreDevStudio/postman-collections),
// reduced to what the adapter reads. Amounts are decimal strings; dates 'YYYY-MM-DD' and
// times 'HH:MM' local to the airport (flights) or to the PCC (creation, deadline).

const Money = z.object({
  subtotal: z.string().optional(),
  taxes: z.string().optional(),
  total: z.string(),
  currencyCode: z.string().length(3),
});

export const FlightShape = z.object({
  itemId: z.string(),
  confirmationId: z.string().optional(),
  flightNumber: z.coerce.number().int(),
  airlineCode: z.string(),
  operatingAirlineCode: z.string().optional(),
  fromAirportCode: z.string().length(3),
  toAirportCode: z.string().length(3),
  departureDate: z.string(),
  departureTime: z.string(),
  arrivalDate: z.string(),
  arrivalTime: z.string(),
  bookingClass: z.string().optional(),
  aircraftTypeCode: z.string().optional(),
  flightStatusCode: z.string().optional(),
  flightStatusName: z.string().optional(),
  isPast: z.boolean().optional(),
});
export type FlightShape = z.infer<typeof FlightShape>;

const Penalty = z.object({
  applicability: z.string().optional(),
  penalty: z.object({ amount: z.string(), currencyCode: z.string() }).optional(),
});

export const BookingShape = z.object({
  bookingId: z.string().optional(),
  request: z.object({ confirmationId: z.string().optional() }).optional(),
  isTicketed: z.boolean().optional(),
  isCancelable: z.boolean().optional(),
  agencyCustomerNumber: z.string().optional(),
  creationDetails: z
    .object({
      creationUserSine: z.string().optional(),
      creationDate: z.string().optional(),
      creationTime: z.string().optional(),
      purchaseDeadlineDate: z.string().optional(),
      purchaseDeadlineTime: z.string().optional(),
      userWorkPcc: z.string().optional(),
      userHomePcc: z.string().optional(),
    })
    .optional(),
  contactInfo: z
    .object({
      emails: z.array(z.string()).optional(),
      phones: z.array(z.string()).optional(),
    })
    .optional(),
  travelers: z
    .array(
      z.object({
        givenName: z.string(),
        surname: z.string(),
        type: z.string().optional(),
        passengerCode: z.string().optional(),
        emails: z.array(z.string()).optional(),
        phones: z.array(z.object({ number: z.string() })).optional(),
      }),
    )
    .optional(),
  flights: z.array(FlightShape).optional(),
  fares: z
    .array(
      z.object({
        recordId: z.string().optional(),
        recordTypeCode: z.string().optional(),
        airlineCode: z.string().optional(),
        travelerIndices: z.array(z.number().int()).optional(),
        totals: Money.optional(),
        fareCalculationLine: z.string().optional(),
        fareConstruction: z
          .array(
            z.object({
              fareBasisCode: z.string().optional(),
              flights: z.array(z.object({ itemId: z.string() })).optional(),
              checkedBaggageAllowance: z
                .object({ maximumPieces: z.number().int().optional() })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  fareRules: z
    .array(
      z.object({
        owningAirlineCode: z.string().optional(),
        isRefundable: z.boolean().optional(),
        refundPenalties: z.array(Penalty).optional(),
        isChangeable: z.boolean().optional(),
        exchangePenalties: z.array(Penalty).optional(),
      }),
    )
    .optional(),
  flightTickets: z
    .array(
      z.object({
        number: z.string(),
        date: z.string().optional(),
        airlineCode: z.string().optional(),
        travelerIndex: z.number().int().optional(),
        payment: Money.optional(),
        ticketStatusName: z.string().optional(),
        ticketStatusCode: z.string().optional(),
      }),
    )
    .optional(),
  remarks: z.array(z.object({ text: z.string().optional() })).optional(),
  bookingSignature: z.string().optional(),
});
export type BookingShape = z.infer<typeof BookingShape>;

export const CancelBookingShape = z.object({ booking: BookingShape.optional() });

export const CheckTicketsShape = z.object({
  tickets: z
    .array(
      z.object({
        number: z.string().optional(),
        isVoidable: z.boolean().optional(),
        isRefundable: z.boolean().optional(),
        isChangeable: z.boolean().optional(),
        refundPenalties: z.array(Penalty).optional(),
        refundTotals: Money.optional(),
      }),
    )
    .optional(),
});
export type CheckTicketsShape = z.infer<typeof CheckTicketsShape>;

export const FulfillTicketsShape = z.object({
  tickets: z.array(z.object({ number: z.string() })).optional(),
});

export const CreateBookingShape = z.object({
  confirmationId: z.string().optional(),
  booking: BookingShape.optional(),
});

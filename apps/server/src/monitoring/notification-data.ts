import type { QuoteSaving } from '@smt/shared';

// The notification data and price quotes of SPEC §3, in the field names the API answers with.

export type FlightData = {
  from: string;
  to: string;
  airline: string;
  flight_number: string;
  flight_class: string;
  status: string;
  /** 'yyyy-MM-dd HH:mm' */
  departure: string;
  arrival: string;
};

export type PassengerData = {
  title: string;
  first_name: string;
  last_name: string;
  type: string;
  phone: string | null;
  email: string | null;
};

export type HotelData = {
  hotel_name: string;
  city: string;
  country: string;
  start: string;
  end: string;
  cost: number;
  status: string;
};

export type CarData = {
  pickup_city: string;
  pickup_date: string;
  return_date: string;
  amount: number;
  vendor: string;
  car_type: string;
};

export type NotificationData = {
  pnr: {
    id: string;
    pcc: string;
    creator: string;
    is_cancelled: boolean;
    is_ticketed: boolean;
    is_voidable: boolean;
    is_departed: boolean;
  };
  contact: { name: string; phone: string | null; email: string | null };
  passengers: PassengerData[];
  cars: CarData[];
  hotels: HotelData[];
  flights: FlightData[];
  sc: { newFlights: FlightData[]; oldFlights: FlightData[] } | null;
};

export type PenaltyRules = {
  before_dept: {
    change_ind: boolean;
    change_amount: number;
    refund_ind: boolean;
    refund_amount: number;
    currency: string;
  };
};

/** One entry of pq_data (SPEC §3 Price quote). */
export type PriceQuoteData = {
  seq_num: number;
  cmd: string;
  current_price: number;
  new_price: number;
  currency: string;
  last_purchase: string | null;
  pax: { type: string }[];
  segments: { id: string; origin: string; dest: string; airline: string; flight_number?: string }[];
  conditions: {
    current_conds: { penalty_rules: PenaltyRules };
    new_conds: { penalty_rules: PenaltyRules };
  };
  fare_conds: { farebasis: string; flight_class: string; bag: string };
  newBaggageInfos: { normalizedNonFreeBaggage: boolean; cost: number | null; segments: string[] }[];
  saving?: QuoteSaving;
};

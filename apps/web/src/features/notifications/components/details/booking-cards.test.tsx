import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { aDetails, aFlight, aPassenger } from './details-test-data';
import { ItineraryCard } from './itinerary-card';
import { PassengersCard } from './passengers-card';

const passengerNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('PassengersCard', () => {
  const passengers = [
    aPassenger({ first_name: 'Dan', phone: '+972501234567', email: 'dan@example.test' }),
    aPassenger({ first_name: 'Ruth', title: 'MRS' }),
    aPassenger({ first_name: 'Noa', title: 'MISS', type: 'CHD' }),
  ];

  it('should show the first 2 passengers, then all of them when asked, then 2 again', async () => {
    renderScreen(<PassengersCard passengers={passengers} />);

    expect(screen.getByRole('heading', { name: '3 Passengers' })).toBeTruthy();
    expect(passengerNames()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Show all passengers' }));
    expect(passengerNames()).toHaveLength(3);
    expect(passengerNames()[2]).toContain('MISS Noa Cohen');
    expect(passengerNames()[2]).toContain('Child');

    await userEvent.click(screen.getByRole('button', { name: 'Hide passengers' }));
    expect(passengerNames()).toHaveLength(2);
  });

  it('should count passengers per age category and show contact info', () => {
    renderScreen(<PassengersCard passengers={passengers} />);

    expect(screen.getByText('Adult: 2')).toBeTruthy();
    expect(screen.getByText('Child: 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+972501234567' }).getAttribute('href')).toBe(
      'tel:+972501234567',
    );
    expect(screen.getByRole('link', { name: 'dan@example.test' })).toBeTruthy();
  });

  it("should say '1 Passenger' and offer no toggle when there is one", () => {
    renderScreen(<PassengersCard passengers={[aPassenger()]} />);

    expect(screen.getByRole('heading', { name: '1 Passenger' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all passengers' })).toBeNull();
  });
});

describe('ItineraryCard', () => {
  const hotel = {
    hotel_name: 'Dan Panorama',
    city: 'Tel Aviv',
    country: 'IL',
    start: '2026-12-13',
    end: '2026-12-15',
    cost: 500,
    status: 'HK',
  };
  const car = {
    pickup_city: 'LHR',
    pickup_date: '2026-12-13',
    return_date: '2026-12-20',
    amount: 120.5,
    vendor: 'ZE',
    car_type: 'ECAR',
  };
  const tab = (name: RegExp) => screen.getByRole<HTMLButtonElement>('tab', { name });

  it('should count each tab, disable empty ones and select the first one with rows', () => {
    const { data } = aDetails({ data: { flights: [], hotels: [hotel, hotel], cars: [car] } });
    renderScreen(<ItineraryCard data={data} />);

    expect(tab(/Flights \(0\)/).disabled).toBe(true);
    expect(tab(/Hotels \(2\)/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/Cars \(1\)/).disabled).toBe(false);
    expect(screen.getAllByText('Dan Panorama')).toHaveLength(2);
    expect(screen.getAllByText('13/12/2026')).toHaveLength(2);
  });

  it('should show a car when its tab is chosen', async () => {
    const { data } = aDetails({ data: { hotels: [hotel], cars: [car] } });
    renderScreen(<ItineraryCard data={data} />);
    expect(tab(/Flights \(1\)/).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(tab(/Cars/));

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('ECAR')).toBeTruthy();
    expect(within(panel).getByText('120.50')).toBeTruthy();
    expect(within(panel).getByText('20/12/2026')).toBeTruthy();
  });

  it('should show flight times as dd/MM/yyyy HH:mm and HK plainly, any other status highlighted', () => {
    const { data } = aDetails({
      data: { flights: [aFlight(), aFlight({ flight_number: '316', status: 'TK' })] },
    });
    renderScreen(<ItineraryCard data={data} />);

    const [confirmed, changed] = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(within(confirmed!).getByText('13/12/2026 10:00')).toBeTruthy();
    expect(within(confirmed!).getByText('13/12/2026 14:30')).toBeTruthy();
    expect(within(confirmed!).getByText('HK').closest('.MuiChip-root')).toBeNull();
    expect(within(changed!).getByText('TK').closest('.MuiChip-root')).not.toBeNull();
  });

  it('should list an inactive segment highlighted and mark the one the alert is about', () => {
    const { data } = aDetails({
      data: {
        flights: [
          aFlight(),
          aFlight({ departure: '2026-12-14 10:00', status: 'UC', alerted: true }),
          aFlight({ flight_number: '316', status: 'HX' }),
        ],
      },
    });
    renderScreen(<ItineraryCard data={data} />);

    expect(tab(/Flights \(3\)/).getAttribute('aria-selected')).toBe('true');
    const [held, named, other] = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(within(named!).getByText('UC').closest('.MuiChip-root')).not.toBeNull();
    expect(within(named!).getByText('Named in this alert')).toBeTruthy();
    expect(within(other!).getByText('HX').closest('.MuiChip-root')).not.toBeNull();
    expect(within(held!).queryByText('Named in this alert')).toBeNull();
    expect(within(other!).queryByText('Named in this alert')).toBeNull();
  });

  it('should say who flies a codeshare flight after its number, and nothing more for the others', () => {
    const { data } = aDetails({
      data: {
        flights: [
          aFlight({ airline: 'BA', flight_number: '117', operating_airline: 'AA' }),
          aFlight({ flight_number: '316', operating_airline: null }),
        ],
      },
    });
    renderScreen(<ItineraryCard data={data} />);

    const [codeshare, own] = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(within(codeshare!).getByText('BA 117 operated by AA')).toBeTruthy();
    expect(within(own!).getByText('LY 316')).toBeTruthy();
    expect(within(own!).queryByText(/operated by/)).toBeNull();
  });

  it('should show the new and the previous flights when the schedule changed', () => {
    const { data } = aDetails({
      data: {
        sc: {
          newFlights: [aFlight({ departure: '2026-12-13 12:00', status: 'TK' })],
          oldFlights: [aFlight({ status: 'UN' })],
        },
      },
    });
    renderScreen(<ItineraryCard data={data} />);

    const newFlights = screen.getByRole('list', { name: 'New flights' });
    const previous = screen.getByRole('list', { name: 'Previous flights' });
    expect(within(newFlights).getByText('13/12/2026 12:00')).toBeTruthy();
    expect(within(previous).getByText('13/12/2026 10:00')).toBeTruthy();
    expect(within(previous).getByText('UN').closest('.MuiChip-colorError')).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { parseSoap, type XmlNode } from './sabre-soap';
import {
  departureOf,
  historyOf,
  penaltyTextOf,
  pricedFareOf,
  queueCountsOf,
  queueLocatorsOf,
} from './sabre-soap-answers';

// Answers shaped as the samples Sabre publishes for each service (their elements and
// attributes), with made-up values.
const bodyOf = (xml: string, root: string): XmlNode => {
  const answer = parseSoap(
    `<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Body>${xml}</soap-env:Body></soap-env:Envelope>`,
  );
  return answer!.body[root] as XmlNode;
};

describe('queueCountsOf', () => {
  it('should count the PNRs of each numbered queue and leave the message queue out', () => {
    const answer = bodyOf(
      '<QueueCountRS Version="2.2.1"><QueueInfo DateTime="01-28T11:34" PseudoCityCode="G7RE"><QueueIdentifier Count="1" Number="S"/><QueueIdentifier Count="3" Number="5"/><QueueIdentifier Count="12" Number="9"/></QueueInfo><Totals Count="15" Type="PNRS"/></QueueCountRS>',
      'QueueCountRS',
    );

    expect([...queueCountsOf(answer)]).toEqual([
      [5, 3],
      [9, 12],
    ]);
  });
});

it("should read counts padded with dots, as Sabre's own sample writes them", () => {
  const answer = bodyOf(
    '<QueueCountRS><QueueInfo PseudoCityCode="G7RE"><QueueIdentifier Count="....261" Number="6"/></QueueInfo></QueueCountRS>',
    'QueueCountRS',
  );

  expect(queueCountsOf(answer).get(6)).toBe(261);
});

describe('queueLocatorsOf', () => {
  it('should read the locators of a listed queue in order', () => {
    const line = (n: number, id: string) =>
      `<Line Number="${n}"><DateTime>2026-11-02T08:53</DateTime><POS><Source AgentSine="AWT" PseudoCityCode="G7RE"/></POS><UniqueID ID="${id}"/></Line>`;
    const answer = bodyOf(
      `<QueueAccessRS Version="2.1.0">${line(1, 'QWERTY')}${line(2, 'ASDFGH')}</QueueAccessRS>`,
      'QueueAccessRS',
    );

    expect(queueLocatorsOf(answer)).toEqual(['QWERTY', 'ASDFGH']);
  });
});

describe('departureOf', () => {
  it('should put a departure in the year of its sale when it falls later that year', () => {
    expect(departureOf('12-01T23:25', '2026-05-20T05:32:00Z')).toBe('2026-12-01 23:25');
  });

  it('should put a departure earlier in the calendar than its sale in the next year', () => {
    expect(departureOf('01-15T07:00', '2026-11-20T10:00:00Z')).toBe('2027-01-15 07:00');
  });
});

describe('historyOf', () => {
  it("should read each air segment sold and cancelled with its transaction's time", () => {
    const segment = (action: string, number: string, day: string) =>
      `<Item RPH="1"><FlightSegment Action="${action}" DepartureDateTime="${day}T10:00" FlightNumber="${number}" ResBookDesigCode="Y" Status="HK"><DestinationLocation LocationCode="JFK"/><MarketingAirline Code="LY" FlightNumber="${number}"/><OriginLocation LocationCode="TLV"/></FlightSegment></Item>`;
    const answer = bodyOf(
      '<TravelItineraryHistoryRS Version="2.3.0">' +
        `<HistoricalInfo RPH="1"><ItineraryRef><Source CreateDateTime="2026-11-01T09:00" PseudoCityCode="G7RE"/></ItineraryRef><ItineraryInfo><ReservationItems>${segment('AS', '0007', '12-10')}</ReservationItems></ItineraryInfo></HistoricalInfo>` +
        `<HistoricalInfo RPH="2"><ItineraryRef><Source CreateDateTime="2026-11-03T09:00" PseudoCityCode="G7RE"/></ItineraryRef><ItineraryInfo><ReservationItems>${segment('XS', '0007', '12-10')}</ReservationItems></ItineraryInfo></HistoricalInfo>` +
        '</TravelItineraryHistoryRS>',
      'TravelItineraryHistoryRS',
    );

    expect(historyOf(answer)).toEqual([
      {
        at: '2026-11-01T09:00:00.000Z',
        action: 'SOLD',
        airline: 'LY',
        flightNumber: '7',
        from: 'TLV',
        to: 'JFK',
        departure: '2026-12-10 10:00',
      },
      {
        at: '2026-11-03T09:00:00.000Z',
        action: 'CANCELLED',
        airline: 'LY',
        flightNumber: '7',
        from: 'TLV',
        to: 'JFK',
        departure: '2026-12-10 10:00',
      },
    ]);
  });
});

describe('pricedFareOf', () => {
  it("should read the itinerary's total, its fare basis and the entry that priced it", () => {
    const answer = bodyOf(
      '<OTA_AirPriceRS Version="2.17.0" xmlns:stl="http://services.sabre.com/STL/v01"><stl:ApplicationResults status="Complete"><stl:Success><stl:SystemSpecificResults><stl:HostCommand>WPNC</stl:HostCommand></stl:SystemSpecificResults></stl:Success></stl:ApplicationResults>' +
        '<PriceQuote><PricedItinerary CurrencyCode="USD" TotalAmount="612.40"><AirItineraryPricingInfo><ItinTotalFare><TotalFare Amount="612.40" CurrencyCode="USD"/></ItinTotalFare><PTC_FareBreakdown><FareBasis Code="KLX7US/ITN"/><FlightSegment ResBookDesigCode="K"/></PTC_FareBreakdown></AirItineraryPricingInfo></PricedItinerary></PriceQuote></OTA_AirPriceRS>',
      'OTA_AirPriceRS',
    );

    expect(pricedFareOf(answer)).toEqual({
      total: 612.4,
      currency: 'USD',
      fareBasis: 'KLX7US',
      bookingClass: 'K',
      command: 'WPNC',
    });
  });

  it('should answer null when no price came', () => {
    expect(pricedFareOf(bodyOf('<OTA_AirPriceRS/>', 'OTA_AirPriceRS'))).toBeNull();
  });
});

describe('penaltyTextOf', () => {
  it('should read the text of category 16', () => {
    const answer = bodyOf(
      '<OTA_AirRulesRS><FareRuleInfo><Rules><Paragraph RPH="2" Title="DAY/TIME"><Text>NO RESTRICTIONS</Text></Paragraph><Paragraph RPH="16" Title="PENALTIES"><Text>CHANGES ANY TIME CHARGE USD 200.00</Text><Text>CANCELLATIONS NON-REFUNDABLE</Text></Paragraph></Rules></FareRuleInfo></OTA_AirRulesRS>',
      'OTA_AirRulesRS',
    );

    expect(penaltyTextOf(answer)).toBe(
      'CHANGES ANY TIME CHARGE USD 200.00\nCANCELLATIONS NON-REFUNDABLE',
    );
  });
});

import { xml } from './sabre-soap';

// The bodies of the SOAP messages the adapter sends, as Sabre's published samples write them
// (SabreDevStudio/postman-collections; Sabre's service pages): each names its version and
// namespace, which Sabre routes by.

const SABRE_XML = 'http://webservices.sabre.com/sabreXML/2011/10';
const pccOf = (pcc: string) => xml(pcc.replace(/[^A-Z0-9]/gi, ''));

export const queueCountRequest = (pcc: string) =>
  `<QueueCountRQ ReturnHostCommand="true" Version="2.2.1" xmlns="${SABRE_XML}"><QueueInfo><QueueIdentifier PseudoCityCode="${pccOf(pcc)}"/></QueueInfo></QueueCountRQ>`;

/** Lists the queue without entering it: the PNRs on it stay where they are. */
export const queueListRequest = (pcc: string, queue: number) =>
  `<QueueAccessRQ ReturnHostCommand="true" Version="2.1.0" xmlns="${SABRE_XML}"><QueueIdentifier Number="${queue}" PseudoCityCode="${pccOf(pcc)}"><List Ind="true" PrimaryPassenger="false"/></QueueIdentifier></QueueAccessRQ>`;

/** Removes the PNR open in the session from the queue (QR). */
export const queueRemoveRequest = (pcc: string, queue: number) =>
  `<QueueAccessRQ ReturnHostCommand="true" Version="2.1.0" xmlns="${SABRE_XML}"><Navigation Action="QR"/><QueueIdentifier Number="${queue}" PseudoCityCode="${pccOf(pcc)}"/></QueueAccessRQ>`;

/** Opens the PNR in the session, as the work that follows (pricing, an entry, QR) needs. */
export const readItineraryRequest = (locator: string) =>
  `<TravelItineraryReadRQ Version="3.10.0" xmlns="http://services.sabre.com/res/tir/v3_10"><MessagingDetails><SubjectAreas><SubjectArea>FULL</SubjectArea></SubjectAreas></MessagingDetails><UniqueID ID="${xml(locator)}"/></TravelItineraryReadRQ>`;

export const historyRequest = (locator: string) =>
  `<TravelItineraryHistoryRQ ReturnHostCommand="true" Version="2.3.0" xmlns="${SABRE_XML}"><UniqueID ID="${xml(locator)}"/></TravelItineraryHistoryRQ>`;

/**
 * Prices the open PNR at the lowest fare available, rebooking the classes it needs: the WPNC
 * entry. Retained, the result is stored as the PNR's price quote once the transaction ends.
 */
export const lowestFareRequest = (retain: boolean) =>
  `<OTA_AirPriceRQ ReturnHostCommand="true" Version="2.17.0" xmlns="${SABRE_XML}"><PriceRequestInformation Retain="${retain}"><OptionalQualifiers><PricingQualifiers><BargainFinder Rebook="true"/></PricingQualifiers></OptionalQualifiers></PriceRequestInformation></OTA_AirPriceRQ>`;

export const fareRulesRequest = (rule: {
  fareBasis: string;
  airline: string;
  from: string;
  to: string;
  /** 'MM-DD', the departure of the fare's first flight. */
  departure: string;
}) =>
  `<OTA_AirRulesRQ ReturnHostCommand="true" Version="2.3.0" xmlns="${SABRE_XML}"><OriginDestinationInformation><FlightSegment DepartureDateTime="${xml(rule.departure)}"><DestinationLocation LocationCode="${xml(rule.to)}"/><MarketingCarrier Code="${xml(rule.airline)}"/><OriginLocation LocationCode="${xml(rule.from)}"/></FlightSegment></OriginDestinationInformation><RuleReqInfo><FareBasis Code="${xml(rule.fareBasis)}"/></RuleReqInfo></OTA_AirRulesRQ>`;

/**
 * Ends the transaction: what the session changed in the open PNR is stored. With
 * `acceptScheduleChange`, Sabre takes every pending schedule change of the PNR (TK to HK,
 * the UN segments removed), as its schedule-change workflow does.
 */
export const endTransactionRequest = (options: { acceptScheduleChange?: boolean } = {}) =>
  `<EnhancedEndTransactionRQ version="1.0.0" xmlns="http://services.sabre.com/sp/eet/v1"><EndTransaction Ind="true">${options.acceptScheduleChange ? '<ScheduleChange Ind="true"/>' : ''}</EndTransaction><Source ReceivedFrom="SMT"/></EnhancedEndTransactionRQ>`;

/** Drops what the session changed in the open PNR, which stays as it was. */
export const ignoreTransactionRequest = () =>
  `<IgnoreTransactionRQ ReturnHostCommand="true" Version="2.0.0" xmlns="${SABRE_XML}"/>`;

/** A host entry, for what no service of its own does (the HK entry on confirmed waitlists). */
export const commandRequest = (command: string) =>
  `<SabreCommandLLSRQ ReturnHostCommand="true" Version="2.0.0" xmlns="${SABRE_XML}"><Request Output="SCREEN"><HostCommand>${xml(command)}</HostCommand></Request></SabreCommandLLSRQ>`;

import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { createExchangeServices } from './soap-exchange';
import type { XmlNode } from './xml-node';
import {
  decimal,
  INACTIVE,
  instantOf,
  type FlightRecord,
  type PnrRecord,
  type World,
} from './world';

// Sabre's SOAP services (one URL, the service named by the ebXML MessageHeader's Action), as
// its published samples write them: SessionCreateRS and faults as the USG gateway answers
// (andreypolyak/sabre-apis-ru, Sabre's 'USG Authentication Errors' and 'Status Codes and
// Errors' pages), the LLS services' answers in the sabreXML/2011/10 namespace with their
// stl:ApplicationResults. A session is Sabre's work area: a PNR opened in it is a working
// copy until an end of transaction writes it back, which is refused when the PNR changed
// meanwhile (SIMULTANEOUS CHANGES), as Sabre does.

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

function all(node: unknown, name: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[name];
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((each) =>
    typeof each === 'object' && each !== null ? (each as XmlNode) : { '#text': String(each) },
  );
}
const one = (node: unknown, name: string): XmlNode | undefined => all(node, name)[0];
const path = (node: unknown, ...names: string[]) =>
  names.reduce<XmlNode | undefined>((at, name) => one(at, name), node as XmlNode | undefined);
// The parser reads attributes and text as strings (parseTagValue and parseAttributeValue off).
const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const attr = (node: XmlNode | undefined, name: string) => stringOf(node?.[`@_${name}`]);
const textOf = (node: XmlNode | undefined) => stringOf(node?.['#text']);

const esc = (value: string | number) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export type Envelope = {
  action: string;
  conversationId: string | null;
  messageId: string | null;
  token: string | null;
  usernameToken: XmlNode | null;
  /** The body's one element: the service's request. */
  body: XmlNode;
};

/** A request's envelope, or null when it is no SOAP envelope Sabre could read. */
export function envelopeOf(text: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch {
    return null;
  }
  const envelope = one(parsed, 'Envelope');
  const header = one(envelope, 'Header');
  const body = one(envelope, 'Body');
  if (!envelope || !body) return null;
  const message = one(header, 'MessageHeader');
  const security = one(header, 'Security');
  const [bodyName] = Object.keys(body).filter((key) => !key.startsWith('@_') && key !== '#text');
  return {
    action: textOf(one(message, 'Action')) ?? '',
    conversationId: textOf(one(message, 'ConversationId')) ?? null,
    messageId: textOf(path(message, 'MessageData', 'MessageId')) ?? null,
    token: textOf(one(security, 'BinarySecurityToken')) ?? null,
    usernameToken: one(security, 'UsernameToken') ?? null,
    body: one(body, bodyName ?? '') ?? {},
  };
}

// The USG gateway's faults: faultcode, faultstring and the StackTrace naming the USG code.
const USG_FAULTS = {
  USG_INVALID_SECURITY_TOKEN: [
    'Client.InvalidSecurityToken',
    'Invalid or Expired binary security token: ',
    'session.SessionException: errors.session',
  ],
  USG_AUTHENTICATION_FAILED: [
    'Client.AuthenticationFailed',
    'Authentication failed',
    'security.AuthenticationException: errors.authentication',
  ],
  USG_AUTHENTICATION_NOT_ALLOWED: [
    'Client.AuthenticationNotAllowed',
    'Authentication is not allowed for this service. Please use SessionCreateRQ',
    'security.AuthenticationException: errors.authentication',
  ],
  USG_USERNAME_NOTFOUND: [
    'Client.UserNameNodeNotFound',
    'wsse:Username node not found',
    'security.AuthenticationException: errors.authentication',
  ],
  USG_PASSWORD_NOTFOUND: [
    'Client.PasswordNodeNotFound',
    'wsse:Password node not found',
    'security.AuthenticationException: errors.authentication',
  ],
  USG_ORG_NOTFOUND: [
    'Client.OrganizationNodeNotFound',
    'wsse:Organization node not found',
    'security.AuthenticationException: errors.authentication',
  ],
  USG_AUTHORIZATION_FAILED: [
    'Client.AuthorizationFailed',
    'Authorization failed',
    'security.AuthorizationException: errors.authorization',
  ],
  USG_RESOURCE_UNAVAILABLE: [
    'Client.ReachedTALimit',
    'You have reached the limit of Host TAs allocated to you',
    'exception.ApplicationICEException: errors.authentication',
  ],
  USG_IS_BUSY: [
    'Server.SystemFailure',
    'System is currently unavailable. Please try again later.',
    'exception.ApplicationException: errors.xml',
  ],
  USG_SERVICE_IS_BUSY: [
    'Server.SystemFailure',
    'System is currently unavailable. Please try again later.',
    'exception.ApplicationException: errors.xml',
  ],
  USG_SVC_PROVIDER_FAILURE: [
    'Server.SystemFailure',
    'Service provider invocation failed. (Possibly service provider server down)',
    'exception.ApplicationException: errors.http',
  ],
  USG_INVALID_ACTION: [
    'Client.InvalidAction',
    'Action specified in EbxmlMessage does not exist.',
    'exception.ApplicationException: errors.xml',
  ],
} as const;

export type UsgCode = keyof typeof USG_FAULTS;

const LLS_NS =
  'xmlns="http://webservices.sabre.com/sabreXML/2011/10" xmlns:stl="http://services.sabre.com/STL/v01" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const LNIATA = '2C1E5A';
const MONTHS = 'JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC';
const TOKEN_PREFIX =
  'Shared/IDL:IceSess\\/SessMgr:1\\.0.IDL/Common/!ICESMS\\/RESB!ICESMSLB\\/RES.LB!';
/** Sabre ends a session left unused this long. */
const SESSION_IDLE_MS = 15 * 60_000;

const monthDay = (local: string) => `${local.slice(5, 10)}T${local.slice(11, 16)}`;
const ddmmm = (local: string) => {
  const month = Number(local.slice(5, 7));
  return `${local.slice(8, 10)}${MONTHS.slice((month - 1) * 3, month * 3)}`;
};
const hhmm = (local: string) => local.slice(11, 16).replace(':', '');
const pad = (value: number | string, width: number) => String(value).padStart(width, '0');

type OpenPnr = { locator: string; working: PnrRecord; baseVersion: number; changed: boolean };

type Session = {
  token: string;
  conversationId: string;
  pcc: string;
  usedAt: number;
  open: OpenPnr | null;
  /** The queue the session is working (Q/ without a list), and where in it. */
  queue: { pcc: string; number: number; at: number } | null;
};

export type SoapAnswer = { status: number; xml: string };

type Context = { env: Envelope; session: Session; simultaneous: boolean };

export function createSoap(deps: {
  world: World;
  now: () => Date;
  credentials: { epr: string; pcc: string; password: string };
  maxSessions: number;
}) {
  const { world, now } = deps;
  const sessions = new Map<string, Session>();
  let tokens = 0;

  const stamp = () => now().toISOString().slice(0, 19) + 'Z';
  const hostCommand = (command: string) =>
    `<stl:SystemSpecificResults><stl:HostCommand LNIATA="${LNIATA}">${esc(command)}</stl:HostCommand></stl:SystemSpecificResults>`;
  const complete = (command?: string) =>
    `<stl:ApplicationResults status="Complete"><stl:Success timeStamp="${stamp()}">${command ? hostCommand(command) : ''}</stl:Success></stl:ApplicationResults>`;
  const notProcessed = (message: string, command?: string) =>
    `<stl:ApplicationResults status="NotProcessed"><stl:Error timeStamp="${stamp()}" type="BusinessLogic"><stl:SystemSpecificResults>${command ? `<stl:HostCommand LNIATA="${LNIATA}">${esc(command)}</stl:HostCommand>` : ''}<stl:Message>${esc(message)}</stl:Message><stl:ShortText>ERR.SWS.HOST.ERROR_IN_RESPONSE</stl:ShortText></stl:SystemSpecificResults></stl:Error></stl:ApplicationResults>`;
  const lls = (name: string, version: string, inner: string) =>
    `<${name} Version="${esc(version)}" ${LLS_NS}>${inner}</${name}>`;

  function envelope(env: Envelope | null, action: string, token: string | null, body: string) {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Header>' +
      '<eb:MessageHeader xmlns:eb="http://www.ebxml.org/namespaces/messageHeader" eb:version="1.0" soap-env:mustUnderstand="1">' +
      '<eb:From><eb:PartyId eb:type="URI">Sabre_API</eb:PartyId></eb:From>' +
      '<eb:To><eb:PartyId eb:type="URI">Agency</eb:PartyId></eb:To>' +
      `<eb:CPAId>${esc(deps.credentials.pcc)}</eb:CPAId>` +
      `<eb:ConversationId>${esc(env?.conversationId ?? 'ConversationId')}</eb:ConversationId>` +
      `<eb:Service eb:type="sabreXML">${esc(env?.action.replace(/RQ$/, '') ?? 'Session')}</eb:Service>` +
      `<eb:Action>${esc(action)}</eb:Action>` +
      `<eb:MessageData><eb:MessageId>${randomUUID()}</eb:MessageId><eb:Timestamp>${stamp()}</eb:Timestamp>` +
      (env?.messageId ? `<eb:RefToMessageId>${esc(env.messageId)}</eb:RefToMessageId>` : '') +
      '</eb:MessageData></eb:MessageHeader>' +
      '<wsse:Security xmlns:wsse="http://schemas.xmlsoap.org/ws/2002/12/secext"' +
      (token
        ? `><wsse:BinarySecurityToken valueType="String" EncodingType="wsse:Base64Binary">${esc(token)}</wsse:BinarySecurityToken></wsse:Security>`
        : '/>') +
      `</soap-env:Header><soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`
    );
  }

  /** A USG fault, as the gateway answers it: HTTP 500, Action ErrorRS. */
  function fault(code: UsgCode, env: Envelope | null): SoapAnswer {
    const [faultCode, faultString, exception] = USG_FAULTS[code];
    const token = env?.token ?? null;
    const faultText =
      code === 'USG_INVALID_SECURITY_TOKEN' ? `${faultString}${token ?? ''}` : faultString;
    return {
      status: 500,
      xml: envelope(
        env,
        'ErrorRS',
        token,
        `<soap-env:Fault><faultcode>soap-env:${faultCode}</faultcode><faultstring>${esc(faultText)}</faultstring><detail><StackTrace>com.sabre.universalservices.base.${exception}.${code}</StackTrace></detail></soap-env:Fault>`,
      ),
    };
  }

  /** What Sabre answers a request that is no SOAP envelope it can read. */
  const unreadable = (): SoapAnswer => ({
    status: 500,
    xml: envelope(
      null,
      'ErrorRS',
      null,
      '<soap-env:Fault><faultcode>soap-env:Client.InvalidEbXmlMessage</faultcode><faultstring>Unable to create envelope from given source</faultstring><detail><StackTrace>javax.xml.soap.SOAPException: Unable to create envelope from given source</StackTrace></detail></soap-env:Fault>',
    ),
  });

  /** Sessions left unused past Sabre's idle time are gone. */
  function sweep() {
    for (const session of [...sessions.values()])
      if (now().getTime() - session.usedAt > SESSION_IDLE_MS) sessions.delete(session.token);
  }

  /** The session a token names, its idle time restarted; an unknown or ended one is none. */
  function sessionOf(token: string | null): Session | null {
    sweep();
    const session = token ? sessions.get(token) : undefined;
    if (session) session.usedAt = now().getTime();
    return session ?? null;
  }

  const openPnr = (pnr: PnrRecord): OpenPnr => ({
    locator: pnr.locator,
    working: structuredClone(pnr),
    baseVersion: pnr.version,
    changed: false,
  });

  // ---- services ----------------------------------------------------------------------------

  function sessionCreate(env: Envelope): SoapAnswer {
    const username = env.usernameToken;
    const field = (name: string) => textOf(one(username, name));
    if (!field('Username')) return fault('USG_USERNAME_NOTFOUND', env);
    if (!field('Password')) return fault('USG_PASSWORD_NOTFOUND', env);
    if (!field('Organization')) return fault('USG_ORG_NOTFOUND', env);
    const { epr, pcc, password } = deps.credentials;
    if (
      field('Username') !== epr ||
      field('Password') !== password ||
      field('Organization') !== pcc ||
      (field('Domain') ?? 'DEFAULT') !== 'DEFAULT'
    )
      return fault('USG_AUTHENTICATION_FAILED', env);
    sweep();
    if (sessions.size >= deps.maxSessions) return fault('USG_RESOURCE_UNAVAILABLE', env);
    tokens += 1;
    const token = `${TOKEN_PREFIX}-${3_161_758_806_579 + tokens * 7919}${pad(tokens, 6)}!${1_655_914 + tokens}!0`;
    const conversationId = env.conversationId ?? randomUUID();
    sessions.set(token, {
      token,
      conversationId,
      pcc,
      usedAt: now().getTime(),
      open: null,
      queue: null,
    });
    return {
      status: 200,
      xml: envelope(
        { ...env, conversationId },
        'SessionCreateRS',
        token,
        `<SessionCreateRS xmlns="http://www.opentravel.org/OTA/2002/11" version="1" status="Approved"><ConversationId>${esc(conversationId)}</ConversationId></SessionCreateRS>`,
      ),
    };
  }

  function sessionClose({ session }: Context) {
    sessions.delete(session.token);
    return '<SessionCloseRS xmlns="http://www.opentravel.org/OTA/2002/11" version="1" status="Approved"/>';
  }

  function ping({ env }: Context) {
    const echo = textOf(one(env.body, 'EchoData'));
    return `<OTA_PingRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="${esc(attr(env.body, 'Version') ?? '1.0.0')}"><Success/>${echo ? `<EchoData>${esc(echo)}</EchoData>` : '<EchoData/>'}</OTA_PingRS>`;
  }

  function queueCount({ env, session }: Context) {
    const pcc =
      attr(path(env.body, 'QueueInfo', 'QueueIdentifier'), 'PseudoCityCode') ?? session.pcc;
    const counts = world.queueCounts(pcc);
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    const dateTime = now().toISOString().slice(5, 16);
    return lls(
      'QueueCountRS',
      attr(env.body, 'Version') ?? '2.2.1',
      complete(`QC/${pcc}`) +
        `<QueueInfo DateTime="${dateTime}" PseudoCityCode="${esc(pcc)}">` +
        counts
          .map(([number, count]) => `<QueueIdentifier Count="${count}" Number="${number}"/>`)
          .join('') +
        '</QueueInfo>' +
        '<Totals Count="0" Type="MESSAGES"/><Totals Count="0" Type="SPECIALS"/>' +
        `<Totals Count="${total}" Type="PNRS"/>`,
    );
  }

  function lineOf(
    number: number,
    item: { locator: string; placedAt: string },
    withPassenger: boolean,
  ) {
    const pnr = world.find(item.locator);
    const first = pnr?.travelers[0];
    return (
      `<Line Number="${number}"><DateTime>${item.placedAt.slice(0, 16)}</DateTime>` +
      (withPassenger && first
        ? `<PassengerName>${esc(`${first.surname}/${first.givenName}`.toUpperCase())}</PassengerName>`
        : '') +
      `<POS><Source AgentSine="${esc(pnr?.agentSine ?? '')}" PseudoCityCode="${esc(pnr?.pcc ?? '')}"/></POS>` +
      `<UniqueID ID="${esc(item.locator)}"/></Line>`
    );
  }

  /** In queue mode, the PNR at `at` opened (or the queue left when there is none). */
  function openQueueItem(session: Session, at: number) {
    const queue = session.queue;
    const item = queue ? world.queueItems(queue.pcc, queue.number)[at] : undefined;
    const pnr = item && world.find(item.locator);
    if (!queue || !item || !pnr) {
      session.queue = null;
      session.open = null;
      return '';
    }
    queue.at = at;
    session.open = openPnr(pnr);
    return lineOf(at + 1, item, false);
  }

  function queueAccess({ env, session }: Context) {
    const version = attr(env.body, 'Version') ?? '2.1.0';
    const answer = (inner: string) => lls('QueueAccessRS', version, inner);
    const identifier = one(env.body, 'QueueIdentifier');
    const pcc = attr(identifier, 'PseudoCityCode') ?? session.queue?.pcc ?? session.pcc;
    const numberText = attr(identifier, 'Number');
    const number = numberText === undefined ? session.queue?.number : Number(numberText);
    const navigation = attr(one(env.body, 'Navigation'), 'Action');
    if (navigation === 'I' || navigation === 'QXI') {
      if (!session.queue) return answer(notProcessed('NOT ON QUEUE', navigation));
      if (navigation === 'QXI') {
        session.queue = null;
        session.open = null;
        return answer(complete('QXI'));
      }
      return answer(complete('I') + openQueueItem(session, session.queue.at + 1));
    }
    if (number === undefined || !Number.isInteger(number) || number < 0 || number > 511)
      return answer(
        notProcessed('QUEUE SELECTED NOT VALID OR CLOSED', `Q/${pcc}${numberText ?? ''}`),
      );
    if (navigation === 'QR') {
      const command = `QR/${pcc}${number}`;
      const open = session.open;
      if (!open) return answer(notProcessed('NOT ON QUEUE', command));
      if (open.changed) return answer(notProcessed('FIN OR IGN', command));
      if (!world.removeFromQueue(pcc, number, open.locator))
        return answer(notProcessed('NOT ON QUEUE', command));
      const working = session.queue;
      const next =
        working && working.pcc === pcc && working.number === number
          ? openQueueItem(session, working.at)
          : '';
      return answer(complete(command) + next);
    }
    if (navigation !== undefined) return answer(notProcessed('FORMAT', navigation));
    const list = one(identifier, 'List');
    const command = `Q/${pcc}${number}${list ? '/L' : ''}`;
    const items = world.queueItems(pcc, number);
    if (items.length === 0) return answer(notProcessed('QUEUE EMPTY', command));
    if (list && attr(list, 'Ind') !== 'false') {
      const withPassenger = attr(list, 'PrimaryPassenger') === 'true';
      return answer(
        complete(command) +
          items.map((item, index) => lineOf(index + 1, item, withPassenger)).join(''),
      );
    }
    session.queue = { pcc, number, at: 0 };
    return answer(complete(command) + openQueueItem(session, 0));
  }

  const flightSegmentOf = (flight: FlightRecord, index: number, pnr: PnrRecord) =>
    `<tir310:FlightSegment ArrivalDateTime="${monthDay(flight.arrival)}" DepartureDateTime="${flight.departure.replace(' ', 'T')}" ` +
    `FlightNumber="${flight.flightNumber}" Id="${flight.itemId}" IsPast="${instantOf(flight.departure) < now().getTime()}" ` +
    `NumberInParty="${pad(pnr.travelers.length, 2)}" ResBookDesigCode="${esc(flight.bookingClass)}" SegmentNumber="${pad(index + 1, 4)}" Status="${esc(flight.status)}" eTicket="true">` +
    `<tir310:DestinationLocation LocationCode="${esc(flight.to)}"/>` +
    `<tir310:MarketingAirline Code="${esc(flight.airline)}" FlightNumber="${flight.flightNumber}" ResBookDesigCode="${esc(flight.bookingClass)}"/>` +
    `<tir310:OperatingAirline Code="${esc(flight.operatingAirline)}" FlightNumber="${flight.flightNumber}"/>` +
    `<tir310:OriginLocation LocationCode="${esc(flight.from)}"/>` +
    `<tir310:SupplierRef ID="DC${esc(flight.airline)}*${esc(flight.airlineLocator)}"/>` +
    '</tir310:FlightSegment>';

  function travelItineraryRead({ env, session }: Context) {
    const wrap = (inner: string) =>
      `<tir310:TravelItineraryReadRS xmlns:tir310="http://services.sabre.com/res/tir/v3_10" xmlns:stl="http://services.sabre.com/STL/v01" Version="${esc(attr(env.body, 'Version') ?? '3.10.0')}">${inner}</tir310:TravelItineraryReadRS>`;
    const locator = attr(one(env.body, 'UniqueID'), 'ID') ?? '';
    const pnr = world.find(locator);
    if (!pnr) return wrap(notProcessed('UNABLE TO RETRIEVE - CHECK RECORD LOCATOR', `*${locator}`));
    // Reading a PNR puts it in the work area afresh: what the session had not ended is dropped.
    session.open = openPnr(pnr);
    const working = session.open.working;
    return wrap(
      complete() +
        '<tir310:TravelItinerary><tir310:CustomerInfo>' +
        working.travelers
          .map(
            (traveler, index) =>
              `<tir310:PersonName NameNumber="${pad(index + 1, 2)}.01" PassengerType="${traveler.passengerCode}" RPH="${index + 1}" WithInfant="${traveler.passengerCode === 'INF'}">` +
              `<tir310:GivenName>${esc(traveler.givenName.toUpperCase())}</tir310:GivenName><tir310:Surname>${esc(traveler.surname.toUpperCase())}</tir310:Surname></tir310:PersonName>`,
          )
          .join('') +
        '</tir310:CustomerInfo><tir310:ItineraryInfo><tir310:ReservationItems>' +
        working.flights
          .map(
            (flight, index) =>
              `<tir310:Item RPH="${index + 1}">${flightSegmentOf(flight, index, working)}</tir310:Item>`,
          )
          .join('') +
        '</tir310:ReservationItems></tir310:ItineraryInfo>' +
        `<tir310:ItineraryRef AirExtras="false" ID="${working.locator}" InhibitCode="U" PartitionID="AA" PrimeHostID="1S">` +
        `<tir310:Source AAA_PseudoCityCode="${esc(session.pcc)}" CreateDateTime="${working.createdAt.slice(0, 16)}" CreationAgent="${esc(working.agentSine)}" HomePseudoCityCode="${esc(working.pcc)}" PseudoCityCode="${esc(working.pcc)}" ReceivedFrom="API"/>` +
        '</tir310:ItineraryRef></tir310:TravelItinerary>',
    );
  }

  function travelItineraryHistory({ env }: Context) {
    const version = attr(env.body, 'Version') ?? '2.3.0';
    const locator = attr(one(env.body, 'UniqueID'), 'ID') ?? '';
    const command = `JX HST*${locator}`;
    const pnr = world.find(locator);
    if (!pnr)
      return lls(
        'TravelItineraryHistoryRS',
        version,
        notProcessed('UNABLE TO RETRIEVE - CHECK RECORD LOCATOR', command),
      );
    const transactions = [...new Set(pnr.history.map((entry) => entry.transaction))];
    const infos = transactions.map((transaction, index) => {
      const entries = pnr.history.filter((entry) => entry.transaction === transaction);
      const first = entries[0];
      return (
        `<HistoricalInfo RPH="${index + 1}"><ItineraryInfo><ReservationItems><Item RPH="1">` +
        entries
          .map(
            ({ action, flight, travelers }) =>
              `<FlightSegment Action="${action}" ArrivalDateTime="${monthDay(flight.arrival)}" DepartureDateTime="${monthDay(flight.departure)}" ` +
              `FlightNumber="${pad(flight.flightNumber, 4)}" NumberInParty="${pad(travelers, 2)}" ResBookDesigCode="${esc(flight.bookingClass)}" Status="${esc(flight.status)}" eTicket="true">` +
              `<DestinationLocation LocationCode="${esc(flight.to)}"/>` +
              `<MarketingAirline Code="${esc(flight.airline)}" FlightNumber="${pad(flight.flightNumber, 4)}"/>` +
              `<OriginLocation LocationCode="${esc(flight.from)}"/></FlightSegment>`,
          )
          .join('') +
        '</Item></ReservationItems></ItineraryInfo>' +
        `<ItineraryRef><Source AAA_PseudoCityCode="${esc(first?.pcc ?? '')}" CreateDateTime="${first?.at.slice(0, 16) ?? ''}" CreationAgent="${esc(first?.agentSine ?? '')}" PseudoCityCode="${esc(first?.pcc ?? '')}" ReceivedFrom="${esc(first?.receivedFrom ?? '')}"/></ItineraryRef>` +
        '</HistoricalInfo>'
      );
    });
    return lls('TravelItineraryHistoryRS', version, complete(command) + infos.join(''));
  }

  function airPrice({ env, session }: Context) {
    const version = attr(env.body, 'Version') ?? '2.17.0';
    const request = one(env.body, 'PriceRequestInformation');
    const bargain = one(path(request, 'OptionalQualifiers', 'PricingQualifiers'), 'BargainFinder');
    const rebook = attr(bargain, 'Rebook') === 'true';
    const retain = attr(request, 'Retain') === 'true';
    const command = `WP${bargain ? (rebook ? 'NCB' : 'NC') : ''}${retain ? '¥RQ' : ''}`;
    const refuse = (message: string) =>
      lls('OTA_AirPriceRS', version, notProcessed(message, command));
    const open = session.open;
    if (!open) return refuse('NO ITINERARY');
    const working = open.working;
    const unconfirmed = working.flights.find((flight) => flight.status === 'UC');
    if (unconfirmed)
      return refuse(
        `CODE - UC SEG STATUS NOT ALLOWED-${pad(working.flights.indexOf(unconfirmed) + 1, 4)}`,
      );
    const active = working.flights.filter((flight) => !INACTIVE.has(flight.status));
    if (active.length === 0) return refuse('NO ITINERARY');
    const booked = active[0]?.bookingClass ?? '';
    const stored = working.fare && { ...working.fare, bookingClass: booked, rules: working.rules };
    const lower = world.pnrOf(working.locator).lowerFare;
    // WP prices in the classes booked; WPNC and WPNCB take the lowest fare in any class.
    const candidates = [stored, lower].filter(
      (fare): fare is NonNullable<typeof fare> =>
        fare !== null && (bargain !== undefined || fare.bookingClass === booked),
    );
    const fare = candidates.sort((a, b) => a.total - b.total)[0];
    if (!fare) return refuse('NO FARE FOR CLASS USED');
    const requiresRebook = fare.bookingClass !== booked;
    if (rebook && requiresRebook) {
      for (const flight of active) flight.bookingClass = fare.bookingClass;
      open.changed = true;
    }
    if (retain) {
      working.fare = {
        recordId: String(working.nextPriceQuote),
        fareBasis: fare.fareBasis,
        total: fare.total,
        taxes: fare.taxes,
        currency: fare.currency,
        freeBags: working.fare?.freeBags ?? null,
        createdAt: now().toISOString(),
      };
      working.nextPriceQuote += 1;
      working.rules = fare.rules ?? working.rules;
      open.changed = true;
    }
    const count = working.travelers.length;
    const base = fare.total - fare.taxes;
    const codes = [...new Set(working.travelers.map((traveler) => traveler.passengerCode))];
    const carrier = active[0]?.airline ?? '';
    const pricing = codes
      .map(
        (code) =>
          '<AirItineraryPricingInfo SolutionSequenceNmbr="1">' +
          `<FareCalculation><Text>${esc(`${active[0]?.from ?? ''} ${carrier} ${active.at(-1)?.to ?? ''}${decimal(base)}${fare.currency}${decimal(base)}END`)}</Text></FareCalculation>` +
          '<ItinTotalFare>' +
          `<BaseFare Amount="${decimal(base)}" CurrencyCode="${fare.currency}"/>` +
          `<Taxes TotalAmount="${decimal(fare.taxes)}"><Tax Amount="${decimal(fare.taxes)}" TaxCode="XT" TaxName="TAXES" TicketingTaxCode="XT"/></Taxes>` +
          `<TotalFare Amount="${decimal(fare.total)}" CurrencyCode="${fare.currency}"/>` +
          '</ItinTotalFare>' +
          `<PassengerTypeQuantity Code="${code}" Quantity="${working.travelers.filter((traveler) => traveler.passengerCode === code).length}"/>` +
          `<PTC_FareBreakdown><Cabin>${esc(fare.bookingClass)}</Cabin><FareBasis Code="${esc(fare.fareBasis)}" FilingCarrier="${esc(carrier)}"/></PTC_FareBreakdown>` +
          '</AirItineraryPricingInfo>',
      )
      .join('');
    return lls(
      'OTA_AirPriceRS',
      version,
      complete(command) +
        '<PriceQuote><MiscInformation>' +
        // The classes the fare books, as segment number and class ('1Y'), where Sabre's
        // samples state them.
        `<HeaderInformation SolutionSequenceNmbr="1"><BargainFinder>${active
          .map(
            (flight) =>
              `<AlternateBooking ResBookDesigCode="${working.flights.indexOf(flight) + 1}${esc(fare.bookingClass)}"/>`,
          )
          .join(
            '',
          )}</BargainFinder><DepartureDate>${active[0]?.departure.slice(0, 10) ?? ''}</DepartureDate>` +
        `<ValidatingCarrier Code="${esc(carrier)}"/></HeaderInformation>` +
        '<SolutionInformation SolutionSequenceNmbr="1">' +
        `<BaseFareCurrencyCode>${fare.currency}</BaseFareCurrencyCode><CurrencyCode>${fare.currency}</CurrencyCode>` +
        `<GrandTotalBaseFareAmount>${decimal(base * count)}</GrandTotalBaseFareAmount><GrandTotalTaxes>${decimal(fare.taxes * count)}</GrandTotalTaxes>` +
        `<RequiresRebook>${requiresRebook && !rebook}</RequiresRebook><TicketNumber>0</TicketNumber><TotalAmount>${decimal(fare.total * count)}</TotalAmount>` +
        `</SolutionInformation><ValidatingCarrier SolutionSequenceNmbr="1"><Ticket CarrierCode="${esc(carrier)}"/></ValidatingCarrier></MiscInformation>` +
        `<PricedItinerary AlternativePricing="false" CurrencyCode="${fare.currency}" MultiTicket="false" TotalAmount="${decimal(fare.total * count)}">` +
        pricing +
        '</PricedItinerary></PriceQuote>',
    );
  }

  function airRules({ env }: Context) {
    const version = attr(env.body, 'Version') ?? '2.3.0';
    const segment = path(env.body, 'OriginDestinationInformation', 'FlightSegment');
    const from = attr(one(segment, 'OriginLocation'), 'LocationCode') ?? '';
    const to = attr(one(segment, 'DestinationLocation'), 'LocationCode') ?? '';
    const carrier = attr(one(segment, 'MarketingCarrier'), 'Code') ?? '';
    const day = attr(segment, 'DepartureDateTime') ?? '';
    const fareBasis = attr(path(env.body, 'RuleReqInfo', 'FareBasis'), 'Code') ?? '';
    const month = Number(day.slice(0, 2));
    const command = `RD${from}${to}${day.slice(3, 5)}${MONTHS.slice((month - 1) * 3, month * 3)}${fareBasis}-${carrier}*16`;
    let found: { rules: NonNullable<PnrRecord['rules']>; currency: string } | null = null;
    for (const pnr of world.pnrs.values()) {
      if (carrier && !pnr.flights.some((flight) => flight.airline === carrier)) continue;
      if (pnr.fare?.fareBasis === fareBasis && pnr.rules)
        found = { rules: pnr.rules, currency: pnr.fare.currency };
      const lower = pnr.lowerFare;
      const lowerRules = lower?.rules ?? pnr.rules;
      if (lower?.fareBasis === fareBasis && lowerRules)
        found = { rules: lowerRules, currency: lower.currency };
      if (found) break;
    }
    if (!found)
      return lls('OTA_AirRulesRS', version, notProcessed('NO FARES/RULES FOUND', command));
    const { rules } = found;
    const text = [
      'PE.PENALTIES',
      '  CANCELLATIONS',
      '    ANY TIME',
      rules.refundable
        ? `      CHARGE ${rules.currency} ${decimal(rules.refundPenalty)} FOR CANCEL/REFUND.`
        : '      TICKET IS NON-REFUNDABLE.',
      '  CHANGES',
      '    ANY TIME',
      rules.changeable
        ? `      CHARGE ${rules.currency} ${decimal(rules.changePenalty)} FOR REISSUE/REVALIDATION.`
        : '      CHANGES NOT PERMITTED.',
    ].join('\n');
    return lls(
      'OTA_AirRulesRS',
      version,
      complete(command) +
        '<FareRuleInfo><Header>' +
        `<Line Type="Fare Basis"><Text>FARE BASIS-${esc(fareBasis)}</Text></Line>` +
        `<Line Type="Origin Destination"><Text>FROM-${esc(from)} TO-${esc(to)}    CXR-${esc(carrier)}</Text></Line>` +
        '</Header><Rules>' +
        `<Paragraph RPH="16" Title="PENALTIES"><Text>${esc(text)}</Text></Paragraph>` +
        '</Rules></FareRuleInfo>',
    );
  }

  function ignoreTransaction({ env, session }: Context) {
    // The work area is emptied: what the session changed is dropped, the PNR stays as stored.
    session.open = null;
    session.queue = null;
    return lls('IgnoreTransactionRS', attr(env.body, 'Version') ?? '2.0.0', complete('I'));
  }

  function endTransaction({ env, session, simultaneous }: Context) {
    const wrap = (inner: string) =>
      `<EnhancedEndTransactionRS xmlns="http://services.sabre.com/sp/eet/v1">${inner}</EnhancedEndTransactionRS>`;
    const refuse = (message: string) =>
      wrap(
        `<ApplicationResults xmlns="http://services.sabre.com/STL_Payload/v02_01" status="NotProcessed"><Error timeStamp="${stamp()}" type="Application"><SystemSpecificResults><Message code="ERR.SP.PROVIDER_ERROR">${esc(message)}</Message></SystemSpecificResults></Error></ApplicationResults>`,
      );
    const open = session.open;
    if (!open) return refuse('NO TRANS AAA');
    const transaction = one(env.body, 'EndTransaction');
    const scheduleChange =
      attr(one(transaction, 'ScheduleChange'), 'Ind') === 'true' ||
      attr(one(env.body, 'ScheduleChange'), 'Ind') === 'true';
    if (simultaneous || world.pnrOf(open.locator).version !== open.baseVersion)
      return refuse('SIMULTANEOUS CHANGES TO PNR - USE IR TO IGNORE AND RETRIEVE PNR');
    if (scheduleChange) world.acceptScheduleChanges(open.working);
    if (open.changed || scheduleChange)
      world.commit(open.working, attr(one(env.body, 'Source'), 'ReceivedFrom') ?? 'API');
    // Ended and displayed again (as its ScheduleChange sample does): still in the work area.
    session.open = openPnr(world.pnrOf(open.locator));
    const time = now().toISOString();
    return wrap(
      `<ApplicationResults xmlns="http://services.sabre.com/STL_Payload/v02_01" status="Complete"><Success timeStamp="${stamp()}"/></ApplicationResults>` +
        `<ItineraryRef ID="${open.locator}"><Source CreateDateTime="${time.slice(0, 16)}"/></ItineraryRef>` +
        `<Text>OK ${time.slice(11, 16).replace(':', '')} ${open.locator}</Text>`,
    );
  }

  /** A segment list as Sabre's entries write it: '1', '1-3', '1/3'. */
  function segmentsOf(list: string, count: number): number[] | null {
    const numbers = list.split('/').flatMap((part) => {
      const [from, to] = part.split('-').map(Number);
      if (from === undefined) return [];
      const end = to ?? from;
      return Array.from({ length: Math.max(0, end - from + 1) }, (_unused, index) => from + index);
    });
    return numbers.length > 0 && numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= count)
      ? numbers
      : null;
  }

  function itineraryLine(flight: FlightRecord, number: number, travelers: number) {
    const flightNumber = String(flight.flightNumber).padStart(4, ' ');
    return ` ${number} ${flight.airline}${flightNumber}${flight.bookingClass} ${ddmmm(flight.departure)} ${flight.from}${flight.to} ${flight.status}${travelers}  ${hhmm(flight.departure)}  ${hhmm(flight.arrival)}`;
  }

  // Which statuses an agent's '.nXX' may move a segment from, by the status asked for: a
  // confirmation (KL, KK) or a schedule change (TK) taken, an airline's waitlist kept.
  const STATUS_ENTRIES: Record<string, Set<string>> = {
    HK: new Set(['KL', 'KK', 'TK']),
    HL: new Set(['US', 'UU', 'TL']),
  };

  function sabreCommand({ env, session }: Context) {
    const command = (textOf(path(env.body, 'Request', 'HostCommand')) ?? '').trim().toUpperCase();
    const respond = (text: string) =>
      `<SabreCommandLLSRS xmlns="http://webservices.sabre.com/sabreXML/2003/07" Version="${esc(attr(env.body, 'Version') ?? '2.0.0')}"><Response><![CDATA[${text.replace(/]]>/g, ']] >')}]]></Response></SabreCommandLLSRS>`;
    const open = session.open;
    if (command === 'I') {
      session.open = null;
      session.queue = null;
      return respond('IGD');
    }
    if (command === 'IR') {
      if (!open) return respond('NO PNR IN AAA');
      session.open = openPnr(world.pnrOf(open.locator));
      return respond(`IGD\n${open.locator}`);
    }
    const status = /^\.(\d+(?:[-/]\d+)*)(HK|HL)$/.exec(command);
    const cancel = /^X(\d+(?:[-/]\d+)*)$/.exec(command);
    if (!status && !cancel) return respond('FORMAT');
    if (!open) return respond('NO PNR IN AAA');
    const flights = open.working.flights;
    const numbers = segmentsOf((status ?? cancel)?.[1] ?? '', flights.length);
    if (!numbers) return respond('FORMAT, CHECK SEGMENT NUMBER');
    const chosen = numbers.map((number) => flights[number - 1] as FlightRecord);
    if (status) {
      const target = status[2] ?? 'HK';
      if (chosen.some((flight) => !STATUS_ENTRIES[target]?.has(flight.status)))
        return respond('INVALID STATUS CODE');
      for (const flight of chosen) flight.status = target;
      open.changed = true;
      return respond(
        numbers
          .map((number, index) => {
            const flight = chosen[index] as FlightRecord;
            return itineraryLine(flight, number, open.working.travelers.length);
          })
          .join('\n'),
      );
    }
    open.working.flights = flights.filter((flight) => !chosen.includes(flight));
    open.changed = true;
    return respond(`CNLD FROM  ${Math.min(...numbers)}`);
  }

  const exchanges = createExchangeServices(world, { all, one, path, attr, textOf, esc }, stamp);

  const SERVICES: Record<string, (context: Context) => string> = {
    ExchangeShoppingRQ: ({ env }) => exchanges.exchangeShopping(env.body),
    ExchangeBookingRQ: ({ env }) => exchanges.exchangeBooking(env.body),
    AirTicketRQ: ({ env }) => exchanges.airTicket(env.body),
    SessionCloseRQ: sessionClose,
    OTA_PingRQ: ping,
    QueueCountLLSRQ: queueCount,
    QueueAccessLLSRQ: queueAccess,
    TravelItineraryReadRQ: travelItineraryRead,
    TravelItineraryHistoryLLSRQ: travelItineraryHistory,
    OTA_AirPriceLLSRQ: airPrice,
    OTA_AirRulesLLSRQ: airRules,
    EnhancedEndTransactionRQ: endTransaction,
    IgnoreTransactionLLSRQ: ignoreTransaction,
    SabreCommandLLSRQ: sabreCommand,
  };

  /**
   * The gateway's checks, before any service: a known action, credentials only where a
   * session is made, a live session. Null when the request passes them.
   */
  function gate(env: Envelope): SoapAnswer | null {
    if (env.action === 'SessionCreateRQ') return null;
    if (!SERVICES[env.action]) return fault('USG_INVALID_ACTION', env);
    if (env.usernameToken && !env.token) return fault('USG_AUTHENTICATION_NOT_ALLOWED', env);
    return sessionOf(env.token) ? null : fault('USG_INVALID_SECURITY_TOKEN', env);
  }

  /** The service's answer to a request past the gate. */
  function serve(env: Envelope, options: { simultaneous: boolean }): SoapAnswer {
    const service = SERVICES[env.action];
    const session = sessionOf(env.token);
    if (!service || !session) return sessionCreate(env);
    const body = service({ env, session, simultaneous: options.simultaneous });
    return {
      status: 200,
      xml: envelope(env, env.action.replace(/RQ$/, 'RS'), session.token, body),
    };
  }

  /** A test's fault in place of the service; one that ends the session ends it here too. */
  function injected(env: Envelope, code: UsgCode): SoapAnswer {
    if (code === 'USG_INVALID_SECURITY_TOKEN' && env.token) sessions.delete(env.token);
    return fault(code, env);
  }

  return {
    gate,
    serve,
    injected,
    unreadable,
    openSessions: () => {
      sweep();
      return sessions.size;
    },
    expireSessions: () => sessions.clear(),
    isAction: (action: string) => action === 'SessionCreateRQ' || action in SERVICES,
  };
}

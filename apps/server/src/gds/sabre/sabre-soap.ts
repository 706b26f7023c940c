import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { OutgoingFailed, type OutgoingGuard } from '@/lib/outgoing-address';
import type { SabreAccess } from './sabre-access';
import { codeOf, faultError, SabreAnswerLost, SabreUnavailable } from './sabre-errors';

// Sabre's SOAP services: one message each, a SOAP 1.1 envelope with an ebXML MessageHeader
// naming the service (its Action) and a WS-Security header carrying either the EPR's
// credentials (SessionCreateRQ) or a session's BinarySecurityToken, as Sabre's published
// Postman collections build it. Answers are read with their namespace prefixes dropped, so
// whichever prefix Sabre writes, the element names are what the code reads.

const TIMEOUT_MS = 60_000;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Text made safe inside an element or an attribute. */
export const xml = (value: string | number) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export type SoapSecurity =
  | { kind: 'credentials'; access: Pick<SabreAccess, 'epr' | 'pcc' | 'password'> }
  | { kind: 'token'; token: string; conversationId: string };

export function envelopeOf(action: string, security: SoapSecurity, body: string): string {
  const conversationId =
    security.kind === 'token' ? security.conversationId : `smt-${randomUUID()}`;
  const wsse =
    security.kind === 'token'
      ? `<wsse:BinarySecurityToken valueType="String" EncodingType="wsse:Base64Binary">${xml(security.token)}</wsse:BinarySecurityToken>`
      : `<wsse:UsernameToken><wsse:Username>${xml(security.access.epr)}</wsse:Username>` +
        `<wsse:Password>${xml(security.access.password)}</wsse:Password>` +
        `<Organization>${xml(security.access.pcc)}</Organization><Domain>DEFAULT</Domain></wsse:UsernameToken>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:eb="http://www.ebxml.org/namespaces/messageHeader" ' +
    'xmlns:wsse="http://schemas.xmlsoap.org/ws/2002/12/secext">' +
    '<SOAP-ENV:Header><eb:MessageHeader SOAP-ENV:mustUnderstand="1" eb:version="1.0">' +
    '<eb:From><eb:PartyId>SMT</eb:PartyId></eb:From><eb:To><eb:PartyId>Sabre_API</eb:PartyId></eb:To>' +
    `<eb:CPAId>${security.kind === 'credentials' ? xml(security.access.pcc) : ''}</eb:CPAId>` +
    `<eb:ConversationId>${xml(conversationId)}</eb:ConversationId>` +
    `<eb:Service>${xml(action)}</eb:Service><eb:Action>${xml(action)}</eb:Action>` +
    `<eb:MessageData><eb:MessageId>${randomUUID()}</eb:MessageId>` +
    `<eb:Timestamp>${new Date().toISOString()}</eb:Timestamp></eb:MessageData>` +
    `</eb:MessageHeader><wsse:Security>${wsse}</wsse:Security></SOAP-ENV:Header>` +
    `<SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`
  );
}

/** An element as fast-xml-parser reads it: attributes as `@_Name`, text as `#text`. */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

/** Every child of `node` named `name`, as a list whether Sabre sent one or several. */
export function all(node: unknown, name: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((each) =>
    typeof each === 'object' && each !== null ? (each as XmlNode) : { '#text': String(each) },
  );
}

export const one = (node: unknown, name: string): XmlNode | undefined => all(node, name)[0];

/** Values are read as text (parseTagValue off); anything else is no text. */
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** An element's own text, or an attribute's value with '@'. */
export function text(node: XmlNode | undefined, name?: string): string | undefined {
  if (!node) return undefined;
  if (name?.startsWith('@')) return textOf(node[`@_${name.slice(1)}`]);
  const target = name === undefined ? node : one(node, name);
  return textOf(target?.['#text']);
}

/** Down a path of child names, the first of each. */
export const path = (node: unknown, ...names: string[]): XmlNode | undefined =>
  names.reduce<XmlNode | undefined>((at, name) => one(at, name), node as XmlNode | undefined);

export type SoapAnswer = { header: XmlNode; body: XmlNode };

export function parseSoap(textOfAnswer: string): SoapAnswer | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(textOfAnswer);
  } catch {
    return null;
  }
  const envelope = one(parsed, 'Envelope');
  const body = one(envelope, 'Body');
  if (!envelope || !body) return null;
  return { header: one(envelope, 'Header') ?? {}, body };
}

/** The fault an answer is, as the error it stands for; null when it is no fault. */
export function faultOf(answer: SoapAnswer): Error | null {
  const fault = one(answer.body, 'Fault');
  if (!fault) return null;
  const faultCode = text(fault, 'faultcode')?.replace(/^[^:]*:/, '') ?? null;
  const stack = text(path(fault, 'detail'), 'StackTrace') ?? '';
  const usg = /\b(USG_[A-Z_]+)\b/.exec(stack)?.[1] ?? null;
  return faultError(codeOf(faultCode), usg);
}

/**
 * A service's own errors (ApplicationResults with Error, status other than Complete), as the
 * host's message lines: kept in memory to be matched against known texts, never passed on.
 */
export function businessErrorsOf(answer: XmlNode): string[] | null {
  const results = one(answer, 'ApplicationResults');
  if (!results) return null;
  const status = text(results, '@status');
  const errors = all(results, 'Error');
  if (status === 'Complete' && errors.length === 0) return null;
  if (status === undefined && errors.length === 0) return null;
  return errors.flatMap((error) =>
    all(one(error, 'SystemSpecificResults'), 'Message').map((message) => text(message) ?? ''),
  );
}

/** Sends one message and answers its parsed envelope, or throws what a fault stands for. */
export async function postSoap(
  deps: { soapUrl: string; guard: OutgoingGuard },
  envelope: string,
  action: string,
): Promise<SoapAnswer> {
  let answer;
  try {
    answer = await deps.guard.send(
      deps.soapUrl,
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: action },
        body: envelope,
        timeoutMs: TIMEOUT_MS,
        maxAnswerBytes: MAX_ANSWER_BYTES,
      },
      'sabre',
    );
  } catch (error) {
    if (error instanceof OutgoingFailed) throw new SabreAnswerLost(action);
    throw error;
  }
  const parsed = parseSoap(answer.body.toString('utf8'));
  if (parsed) {
    const fault = faultOf(parsed);
    if (fault) throw fault;
  }
  if (answer.status >= 500) throw new SabreAnswerLost(action);
  if (!parsed || answer.status !== 200)
    throw new SabreUnavailable(`Sabre answered ${action} with HTTP ${answer.status}`);
  return parsed;
}

/**
 * What the adapter needs to reach one agency's Sabre: its EPR (the employee profile the
 * services act as), the PCC it signs in to, the EPR's password, and the environment's
 * addresses (certification or production, or SABRE_REST_URL and SABRE_SOAP_URL).
 */
export type SabreAccess = {
  epr: string;
  pcc: string;
  password: string;
  restUrl: string;
  soapUrl: string;
};

/** Sabre's environments, as its developer guides name them (docs/decisions/070). */
export const SABRE_ENVIRONMENTS = {
  CERT: {
    restUrl: 'https://api.cert.platform.sabre.com',
    soapUrl: 'https://webservices.cert.platform.sabre.com',
  },
  PROD: {
    restUrl: 'https://api.platform.sabre.com',
    soapUrl: 'https://webservices.platform.sabre.com',
  },
} as const;

export type SabreEnvironment = keyof typeof SABRE_ENVIRONMENTS;

/** A connection's Sabre sign-in as stored, the password opened. */
export type SabreConnectionRow = {
  environment: SabreEnvironment | null;
  username: string | null;
  signInPcc: string | null;
  queues: number[] | null;
};

/**
 * What a connection's client is made from: its sign-in, the addresses of the environment it
 * names unless the operator set SABRE_REST_URL and SABRE_SOAP_URL, and the queues it reads.
 */
export function sabreAccessOf(
  row: SabreConnectionRow,
  password: string,
  urls: { restUrl?: string | undefined; soapUrl?: string | undefined },
  defaultQueues: readonly number[],
): SabreAccess & { environment: SabreEnvironment; queues: readonly number[] } {
  const environment = row.environment ?? 'CERT';
  return {
    environment,
    epr: row.username ?? '',
    pcc: row.signInPcc ?? '',
    password,
    restUrl: urls.restUrl ?? SABRE_ENVIRONMENTS[environment].restUrl,
    soapUrl: urls.soapUrl ?? SABRE_ENVIRONMENTS[environment].soapUrl,
    queues: row.queues ?? defaultQueues,
  };
}

/**
 * The Authorization of Sabre's token request (v2), as its 'REST API Token Credentials' guide
 * builds it: the user id 'V1:EPR:PCC:AA' (AA is the Travel Network domain) and the password
 * each base64-encoded, joined by a colon, and that base64-encoded again.
 */
export function tokenCredentialsOf(access: Pick<SabreAccess, 'epr' | 'pcc' | 'password'>): string {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return b64(`${b64(`V1:${access.epr}:${access.pcc}:AA`)}:${b64(access.password)}`);
}

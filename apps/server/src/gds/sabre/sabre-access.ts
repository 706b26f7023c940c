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

/**
 * The Authorization of Sabre's token request (v2), as its 'REST API Token Credentials' guide
 * builds it: the user id 'V1:EPR:PCC:AA' (AA is the Travel Network domain) and the password
 * each base64-encoded, joined by a colon, and that base64-encoded again.
 */
export function tokenCredentialsOf(access: Pick<SabreAccess, 'epr' | 'pcc' | 'password'>): string {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return b64(`${b64(`V1:${access.epr}:${access.pcc}:AA`)}:${b64(access.password)}`);
}

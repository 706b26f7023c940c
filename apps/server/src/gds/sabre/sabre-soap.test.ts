import { describe, expect, it } from 'vitest';
import { SabreSessionExpired, SabreUnavailable } from './sabre-errors';
import { businessErrorsOf, envelopeOf, faultOf, parseSoap, xml } from './sabre-soap';

const envelope = (body: string) =>
  `<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Header/><soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`;

const fault = (code: string, usg: string) =>
  envelope(
    `<soap-env:Fault><faultcode>soap-env:${code}</faultcode><faultstring>TRAVELLER SMITH/JOHN</faultstring><detail><StackTrace>com.sabre.universalservices.base.session.SessionException: errors.session.${usg}</StackTrace></detail></soap-env:Fault>`,
  );

describe('faultOf', () => {
  it("should read an invalid security token as the session's end", () => {
    const answer = parseSoap(fault('Client.InvalidSecurityToken', 'USG_INVALID_SECURITY_TOKEN'));

    expect(faultOf(answer!)).toBeInstanceOf(SabreSessionExpired);
  });

  it('should read refused credentials in our words, without the fault string', () => {
    const error = faultOf(
      parseSoap(fault('Client.AuthenticationFailed', 'USG_AUTHENTICATION_FAILED'))!,
    );

    expect(error).toBeInstanceOf(SabreUnavailable);
    expect(error?.message).toBe('Sabre refused the EPR, PCC or password');
    expect(error?.message).not.toContain('SMITH');
  });

  it('should keep the code of a busy Sabre, to wait and send again', () => {
    const error = faultOf(parseSoap(fault('Server.SystemFailure', 'USG_IS_BUSY'))!);

    expect(error).toMatchObject({
      code: 'USG_IS_BUSY',
      message: 'Sabre is busy: try again shortly',
    });
  });

  it('should answer null for an answer that is no fault', () => {
    expect(faultOf(parseSoap(envelope('<OTA_PingRS/>'))!)).toBeNull();
  });
});

describe('businessErrorsOf', () => {
  it('should read the host messages of a service that did not complete', () => {
    const answer = parseSoap(
      envelope(
        '<EnhancedEndTransactionRS xmlns="http://services.sabre.com/sp/eet/v1"><ApplicationResults status="NotProcessed" xmlns="http://services.sabre.com/STL_Payload/v02_01"><Error type="BusinessLogic"><SystemSpecificResults><Message>SIMULTANEOUS CHANGES TO PNR - USE IR TO IGNORE AND RETRIEVE PNR</Message></SystemSpecificResults></Error></ApplicationResults></EnhancedEndTransactionRS>',
      ),
    );

    expect(businessErrorsOf(answer!.body.EnhancedEndTransactionRS as never)).toEqual([
      'SIMULTANEOUS CHANGES TO PNR - USE IR TO IGNORE AND RETRIEVE PNR',
    ]);
  });

  it('should answer null for a completed service, whatever its prefix', () => {
    const answer = parseSoap(
      envelope(
        '<QueueAccessRS xmlns:stl="http://services.sabre.com/STL/v01"><stl:ApplicationResults status="Complete"><stl:Success/></stl:ApplicationResults></QueueAccessRS>',
      ),
    );

    expect(businessErrorsOf(answer!.body.QueueAccessRS as never)).toBeNull();
  });
});

describe('envelopeOf', () => {
  it('should escape what it carries, so a password cannot break the message', () => {
    const message = envelopeOf(
      'SessionCreateRQ',
      { kind: 'credentials', access: { epr: '7971', pcc: 'G7RE', password: 'a<b&"c' } },
      '<SessionCreateRQ/>',
    );

    expect(message).toContain('<wsse:Password>a&lt;b&amp;&quot;c</wsse:Password>');
    expect(message).toContain('<eb:Action>SessionCreateRQ</eb:Action>');
    expect(parseSoap(message)).not.toBeNull();
  });

  it('should escape the five characters XML reserves', () => {
    expect(xml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });
});

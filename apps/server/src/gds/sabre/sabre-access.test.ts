import { describe, expect, it } from 'vitest';
import { tokenCredentialsOf } from './sabre-access';

describe('tokenCredentialsOf', () => {
  it("should build the user id and password as Sabre's token guide does, encoded twice", () => {
    const credentials = tokenCredentialsOf({ epr: 'userid', pcc: 'group', password: '12345' });

    // The guide's own steps: V1:userid:group:domain is VjE6dXNlcmlkOmdyb3VwOmRvbWFpbg== for
    // domain 'domain'; here the domain is AA, Travel Network's.
    const [user, password] = Buffer.from(credentials, 'base64').toString('utf8').split(':');
    expect(Buffer.from(user ?? '', 'base64').toString('utf8')).toBe('V1:userid:group:AA');
    expect(password).toBe('MTIzNDU=');
  });
});

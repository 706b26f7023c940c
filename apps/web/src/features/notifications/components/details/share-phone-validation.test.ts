import { errorMessages, validationMessages } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { checkSharePhone } from './share-phone-validation';

describe('checkSharePhone', () => {
  it('should answer the number in E.164 when it is valid for the code', () => {
    expect(checkSharePhone('+972', '050-123-4567')).toEqual({
      phone: '+972501234567',
      error: null,
    });
  });

  it('should say the login phone messages when the number is missing, unparsable or invalid', () => {
    expect(checkSharePhone('+972', ' ').error).toBe(validationMessages.phoneNumberRequired);
    expect(checkSharePhone('', '501234567').error).toBe(validationMessages.phoneCodeRequired);
    expect(checkSharePhone('+', 'abc').error).toBe(errorMessages.phoneUnparsable);
    expect(checkSharePhone('+972', '12').error).toBe(validationMessages.phoneInvalid);
  });
});

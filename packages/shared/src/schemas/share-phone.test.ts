import { describe, expect, it } from 'vitest';
import { errorMessages, validationMessages } from '../messages';
import { SharePhoneForm } from './share-phone';

const check = (phoneCode: string, phoneNum: string) => {
  const result = SharePhoneForm.safeParse({ phoneCode, phoneNum });
  return result.success
    ? { phone: result.data, error: null }
    : { phone: null, error: result.error.issues[0]?.message };
};

describe('SharePhoneForm', () => {
  it('should answer the number in E.164 when it is valid for the code', () => {
    expect(check('+972', '050-123-4567')).toEqual({
      phone: '+972501234567',
      error: null,
    });
  });

  it('should say the login phone messages when the number is missing, unparsable or invalid', () => {
    expect(check('+972', ' ').error).toBe(validationMessages.phoneNumberRequired);
    expect(check('', '501234567').error).toBe(validationMessages.phoneCodeRequired);
    expect(check('+', 'abc').error).toBe(errorMessages.phoneUnparsable);
    expect(check('+972', '12').error).toBe(validationMessages.phoneInvalid);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { actionErrorText, submitErrorText } from './submit-error-text';

const apiError = (status: number, message: string) =>
  new ApiError({ status, code: status === 409 ? 'CONFLICT' : 'INTERNAL', message });

describe('submitErrorText', () => {
  it("should give the server's message when the server refused the form", () => {
    expect(submitErrorText(apiError(409, 'A branch with this PCC already exists.'))).toBe(
      'A branch with this PCC already exists.',
    );
  });

  it("should give 'Submit failed! Try again later' when the server failed or was not reached", () => {
    expect(submitErrorText(apiError(500, 'Something has happened'))).toBe(
      'Submit failed! Try again later',
    );
    expect(submitErrorText(apiError(0, 'Cannot reach the server.'))).toBe(
      'Submit failed! Try again later',
    );
    expect(submitErrorText(new Error('bug'))).toBe('Submit failed! Try again later');
  });
});

describe('actionErrorText', () => {
  it("should give the server's message for a refusal and 'Operation failed' otherwise", () => {
    expect(actionErrorText(apiError(403, 'You may not manage that agency.'))).toBe(
      'You may not manage that agency.',
    );
    expect(actionErrorText(apiError(502, 'Bad gateway'))).toBe('Operation failed');
  });
});

import { z } from 'zod';

// Zod's default texts are written for developers ("Invalid input: expected string, received
// undefined"); people using the API get plain sentences instead.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}`;
    return undefined;
  },
});

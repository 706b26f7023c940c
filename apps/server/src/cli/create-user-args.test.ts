import { describe, expect, it } from 'vitest';
import { UsageError } from './command-errors';
import { parseCreateUserArgs, ROLE_NAMES } from './create-user-args';

const base = ['--email', ' Jane.Doe@Example.COM ', '--phone', '+972 50-123-4567'];

describe('parseCreateUserArgs', () => {
  it('should offer the assignable roles by their route-table names', () => {
    expect(ROLE_NAMES).toEqual([
      'SuperUser',
      'Operator',
      'Manager',
      'BranchManager',
      'AgencyManager',
      'Agent',
    ]);
  });

  it('should clean the e-mail and phone by the shared rules when they are written loosely', () => {
    expect(parseCreateUserArgs(['--role', 'superuser', ...base])).toEqual({
      name: 'Jane.Doe',
      email: 'jane.doe@example.com',
      phone: '+972501234567',
      role: 'ROLE_SA_SUPER_USER',
      place: {},
    });
  });

  it('should keep the place by name when a role needs one', () => {
    const request = parseCreateUserArgs(
      ['--role', 'Agent', ...base, '--branch', 'TLV1', '--agent-initials', 'aa'].concat([
        '--name',
        'Jane Doe',
      ]),
    );
    expect(request).toMatchObject({
      name: 'Jane Doe',
      role: 'ROLE_SA_AGENT_USER',
      place: { branch: 'TLV1', agentInitials: 'aa' },
    });
  });

  it('should answer help when asked for it', () => {
    expect(parseCreateUserArgs(['--help'])).toBe('help');
  });

  it.each([
    [
      ['--role', 'Agent', ...base, '--branch', 'TLV1'],
      /--agent-initials: Choose the agent this user books as/,
    ],
    [
      ['--role', 'BranchManager', ...base, '--agency', 'Demo'],
      /--branch: Choose the branch this manager runs/,
    ],
    [['--role', 'Operator', ...base, '--agent-initials', 'AA'], /needs --branch/],
    [['--role', 'Agent', ...base], /--role Agent needs a place/],
    [['--role', 'SuperUser', ...base, '--name', ''.padEnd(101, 'x')], /--name: Name should be/],
    [['--role', 'SuperUser', ...base, 'extra'], /Unexpected argument 'extra'/],
  ])('should throw a usage error when given %j', (args, message) => {
    expect(() => parseCreateUserArgs(args)).toThrow(UsageError);
    expect(() => parseCreateUserArgs(args)).toThrow(message);
  });
});

// What ends a command line tool early, and so its exit status: scripts around it tell a typo
// (2, with the usage) from a refusal (1, with the reason).

/** The arguments are wrong: exit 2, the message and the usage on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The arguments are right but the work cannot be done: exit 1, the message on stderr. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** The exit status and the one line a person reads, for whatever ended a command. */
export function exitOf(error: unknown, usage: string): { status: 1 | 2; text: string } {
  if (error instanceof UsageError) return { status: 2, text: `${error.message}\n\n${usage}` };
  return { status: 1, text: error instanceof Error ? error.message : String(error) };
}

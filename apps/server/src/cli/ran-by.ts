import { hostname, userInfo } from 'node:os';

/** Who ran a command, as the audit log keeps it: nobody is signed in, so the system's user. */
export type RanBy = { osUser: string; host: string; sudoUser?: string };

export function whoRanThis(env: NodeJS.ProcessEnv = process.env): RanBy {
  let osUser: string;
  try {
    osUser = userInfo().username;
  } catch {
    // A container may run under a uid with no name in /etc/passwd.
    osUser = env.USER ?? env.LOGNAME ?? `uid ${process.getuid?.() ?? 'unknown'}`;
  }
  // Under sudo the system user is root; the person behind it is worth keeping too.
  const sudoUser = env.SUDO_USER;
  return { osUser, host: hostname(), ...(sudoUser ? { sudoUser } : {}) };
}

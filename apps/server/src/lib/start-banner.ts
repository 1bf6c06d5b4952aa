/** The demo logins the seed records in the data directory (lib/data-dir.ts). */
export interface TDemoCredentials {
  member: string;
  agent: string;
  downlines: string[];
  password: string;
  affiliateCodes?: string[];
  console?: { username: string; password: string };
}

/**
 * The lines a person starting the server reads, printed last (main.ts): the sandbox-payments warning
 * when a sandbox channel is on, then where the site is and how to log in.
 */
export function startBanner(url: string, creds: TDemoCredentials | null, sandboxWarning: string | null): string {
  const lines = [''];
  if (sandboxWarning) lines.push(`  ${sandboxWarning}`, '');
  lines.push(`  Playhall on ${url}`);
  if (creds) {
    lines.push(`  Demo member: ${creds.member} / ${creds.password}`);
    lines.push(`  Demo agent:  ${creds.agent} / ${creds.password} (downlines: ${creds.downlines.join(', ')})`);
    if (creds.affiliateCodes?.length) lines.push(`  Invitation codes: ${creds.affiliateCodes.join(', ')}`);
    if (creds.console) lines.push(`  Operator console: ${url.replace(/\/$/, '')}/console ${creds.console.username} / ${creds.console.password} (enrol an authenticator app at the first sign-in)`);
  } else {
    lines.push('  No demo accounts recorded here: create users with `npm run ops -- user create`');
  }
  lines.push('');
  return lines.join('\n');
}

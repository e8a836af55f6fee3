import { existsSync, readFileSync } from 'node:fs';
import { demoUsers } from './demo';

/**
 * After the whole end-to-end run: the server's output (every request of every spec, at level info) must hold
 * no secret and no personal data. It looks for the demo password, any JSON Web Token, any Kenyan mobile
 * number in any spelling the app accepts, and, in the JSON log lines, the demo users' emails. A hit fails the
 * run and names the line, not the value.
 */
export const SERVER_LOG = process.env.E2E_SERVER_LOG ?? '';

const FORBIDDEN: { what: string; pattern: RegExp; jsonOnly?: boolean }[] = [
  { what: 'the demo password', pattern: new RegExp(escape(demoUsers.jane.password)) },
  { what: 'a token', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./ },
  { what: 'a phone number', pattern: /(?<![\d+])(?:\+?254|0)[17]\d{8}(?!\d)/ },
  {
    what: "a user's email",
    pattern: new RegExp(
      Object.values(demoUsers)
        .map((user) => escape(user.email))
        .join('|'),
      'i',
    ),
    jsonOnly: true,
  },
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export default function auditServerLog(): void {
  if (!SERVER_LOG || !existsSync(SERVER_LOG)) throw new Error(`The server log ${SERVER_LOG || '(unset)'} is missing: nothing to audit`);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
  const requests = lines.filter((line) => line.includes('"incoming request"')).length;
  const hits: string[] = [];
  lines.forEach((line, index) => {
    for (const { what, pattern, jsonOnly } of FORBIDDEN) {
      if (jsonOnly && !line.startsWith('{')) continue;
      if (pattern.test(line)) hits.push(`line ${index + 1}: ${what}`);
    }
  });
  console.log(`log audit: ${lines.length} lines, ${requests} requests logged, ${hits.length} secrets or personal data found`);
  if (hits.length > 0) throw new Error(`The server log holds what it must not:\n${hits.slice(0, 20).join('\n')}`);
}

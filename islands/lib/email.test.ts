import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emailError, validEmail } from './email';

// The shared vectors: server/passwords/passwords_test.go runs the same file
// through the server's ValidateEmail (server/auth/login.go).
const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/email-rules.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as { cases: { email: string; error: string }[] };

describe('testdata/email-rules.json', () => {
  it('has cases', () => expect(vectors.cases.length).toBeGreaterThan(20));
  it.each(vectors.cases.map((c) => [JSON.stringify(c.email), c] as const))('%s', (_, c) => {
    expect(emailError(c.email)).toBe(c.error);
    expect(validEmail(c.email)).toBe(c.error === '');
  });
});

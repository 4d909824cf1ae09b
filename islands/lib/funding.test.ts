import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MSG_UNAVAILABLE, acceptChanges, fundingRows, loadInstructions, type Instruction, type Row } from './funding';

// The vitest half of the shared vectors (server/funding/funding_test.go is the Go half).
const vectors = JSON.parse(readFileSync('testdata/funding-rows.json', 'utf8')) as {
  cases: { name: string; instruction: Instruction; rows: Row[] }[];
};

describe('testdata/funding-rows.json', () => {
  it('has cases', () => expect(vectors.cases.length).toBeGreaterThan(0));
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(fundingRows(c.instruction)).toEqual(c.rows);
  });
});

function fake(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fn, calls };
}

describe('funding API calls', () => {
  it('loads the instructions of the organisation with the session cookie', async () => {
    const f = fake(200, { data: { '1': { uuid: 'u' } } });
    const r = await loadInstructions('org/1', f.fn);
    expect(r).toEqual({ ok: true, data: { '1': { uuid: 'u' } } });
    expect(f.calls[0].url).toBe('/api/v1/collection/organisations/org%2F1/funding_instructions');
    expect(f.calls[0].init.credentials).toBe('same-origin');
  });

  it('acknowledges with the configuration uuid and the CSRF header', async () => {
    const f = fake(200, { data: { uuid: 'u', changed: false } });
    const r = await acceptChanges('o', '23', 'u', 'tok', f.fn);
    expect(r.ok).toBe(true);
    const { url, init } = f.calls[0];
    expect(url).toBe('/api/v1/collection/organisations/o/funding_instructions/23/accept_changes');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
    expect(JSON.parse(init.body as string)).toEqual({ configuration_uuid: 'u' });
  });

  it("passes on the server's words for a conflict, and a fixed text for a network failure", async () => {
    const f = fake(409, { errors: [{ status: 409, code: 'conflict', title: 'The funding instructions changed again. Please review them.' }] });
    expect(await acceptChanges('o', '23', 'old', 't', f.fn)).toEqual({
      ok: false, status: 409, message: 'The funding instructions changed again. Please review them.',
    });
    const down = async () => { throw new TypeError('Failed to fetch'); };
    expect(await loadInstructions('o', down)).toEqual({ ok: false, status: 0, message: MSG_UNAVAILABLE });
  });
});

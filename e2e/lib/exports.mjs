// What the export flows (statements, payout reports) share: an RFC 4180 reader for the
// files they download and the e-mails of the sandbox outbox.
import assert from 'node:assert/strict';

/** RFC 4180 parser (quoted fields, doubled quotes, CRLF records). */
export function parseCSV(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  assert.equal(field + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

/** The e-mails on the sandbox outbox page, newest first. */
export async function emails(t) {
  const p = await t.context.newPage();
  try {
    await p.goto('/sandbox/outbox');
    return await p.locator('li[data-kind="E-mail"]').evaluateAll((lis) => lis.map((li) => li.textContent));
  } finally {
    await p.close();
  }
}

// What a screen reader says through a batch upload (spec 001 §2 "Upload dialog", §5, §8):
// without JavaScript the upload page fresh, sent back without a file (the error summary) and
// after a file whose row the provider refuses (the error report state); with it, the "Upload
// batch file" dialog on the batches page: a file of the wrong type, then the API's refusal of
// the rows. The pages are the real server's (testdata/sr, see speech.ts).
import { virtual } from '@guidepup/virtual-screen-reader';
import { afterEach, describe, expect, it, vi } from 'vitest';

import BatchUpload from '../../islands/BatchUpload';
import { clearPage, expectInOrder, expectNoErrors, heard, hydrate, readPage, serverPage, startOn, stopReader } from './speech';

afterEach(() => {
  vi.unstubAllGlobals();
  clearPage();
});

const NAME = "textbox, Name (optional), Leave blank to use the file's name.";
const FILE_HINT = 'A CSV file (UTF-8) made from a batch template, at most 2 MB.';
const FAILED = [
  'alert, Payout batch failed',
  'heading, Payout batch failed, level 2',
  'list',
  '1 of 1 rows has errors.',
  'Line 2, IBAN: Enter a valid IBAN.',
  'end of list',
  'Please download the error report, correct the data and try again.',
  'link, Download CSV error report',
  'link, Try again',
  'link, Close window',
  'end of alert, Payout batch failed',
];

describe('batch upload without JavaScript, as a screen reader says it', () => {
  it('the form: the optional name and the file, each with its hint, then Upload batch', async () => {
    const log = await readPage('batch-form');
    expectInOrder(log, [
      'heading, Upload batch file, level 1',
      'form',
      NAME,
      `Batch file, ${FILE_HINT}`,
      'button, Upload batch',
      'link, Create Batch template',
      'link, Close window',
      'end of form',
    ]);
    expectNoErrors(log);
  });

  it('sent without a file: the summary takes focus and links the file field, which says "File required"', async () => {
    const log = await readPage('batch-errors');
    expect(log.slice(0, 3)).toEqual(['document', 'alert, There is a problem', 'heading, There is a problem, level 2']);
    expectInOrder(log, [
      'link, File required',
      'end of alert, There is a problem',
      NAME,
      `Batch file, ${FILE_HINT} Error: File required`,
      'button, Upload batch',
    ]);
    expect(document.querySelector('[role=alert] a')?.getAttribute('href')).toBe('#file');
    expect(document.querySelector('#file')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('rows refused: the failed state takes focus and is heard first, each line, the advice, the report link', async () => {
    const log = await readPage('batch-failed');
    expect(log[0]).toBe('document');
    expectInOrder(log.slice(1), [...FAILED, 'form', NAME, 'button, Upload batch']);
    expect(log[1]).toBe(FAILED[0]);
    expect(document.querySelector('a[download]')?.getAttribute('download')).toBe('payouts-errors.csv');
  });
});

/** Picks file in the file input as the browser does, firing change. */
function pick(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** An XMLHttpRequest that answers every upload with reply. */
function fakeXHR(status: number, reply: unknown) {
  return class {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      });
    }
  };
}

describe('batch upload with JavaScript, as a screen reader says it', () => {
  it('the dialog: a file refused at once takes focus to the summary; the refused rows take it to the failed state', { timeout: 15_000 }, async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXHR(422, {
      data: { filename: 'payouts.csv', content: 'virtual_account_number,errors\n' },
      errors: [{ status: 422, title: 'Payout batch failed', detail: '1 of 1 rows has errors.' }, { status: 422, title: 'Payout batch failed', detail: 'Line 2, IBAN: Enter a valid IBAN.' }],
    }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:report' }));
    serverPage('batches');
    await hydrate('BatchUpload', BatchUpload);
    await startOn('BatchUpload');
    try {
      const opener = [...document.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === 'Upload batch file')!;
      expect(await heard(() => {
        opener.focus();
        opener.click();
      })).toEqual(['dialog, Upload batch file, modal', NAME]);

      const file = () => document.querySelector<HTMLInputElement>('#file')!;
      const refused = await heard(() => {
        file().focus();
        pick(file(), new File(['a'], 'x.xlsx'));
      });
      expect(refused.at(-1)).toBe('alert, There is a problem');
      expect(document.querySelector('#file')?.getAttribute('aria-describedby')).toBe('file-hint file-error');

      await heard(() => pick(file(), new File(['a,b\n'], 'payouts.csv')));
      const failed = await heard(async () => {
        const upload = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Upload batch')!;
        upload.focus();
        upload.click();
        await new Promise((r) => setTimeout(r, 10));
      });
      expect(failed.at(-1)).toBe('alert, Payout batch failed');
      // Read on from there, the failed state says its lines, the advice and the way on.
      const next: string[] = [];
      for (let i = 0; i < 50 && next.at(-1) !== FAILED.at(-1); i++) {
        await virtual.next();
        next.push(await virtual.lastSpokenPhrase());
      }
      expectInOrder(next, FAILED.slice(1));
      expect(document.querySelector('a[download]')?.getAttribute('download')).toBe('payouts-errors.csv');
    } finally {
      await stopReader();
    }
  });
});

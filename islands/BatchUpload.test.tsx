import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import BatchUpload, { type Props } from './BatchUpload';
import { violations, islandPage } from './testing';

const form: Props['form'] = {
  action: '/org/o1/batches/upload',
  api: '/api/v2/disbursement/organisations/o1/payout_batches',
  csrf: 'csrf-1',
  name: '',
  errors: {},
  duplicate: false,
  maxBytes: 2_097_152,
  templateHref: '/org/o1/batches/template',
  listHref: '/org/o1/batches',
  acceptedTypes: '.csv,text/csv',
  approvalNotice: 'The batch needs approval before its payouts are processed. Needs to be approved by 2 people.',
};
const props: Props = { dialog: false, form, accepted: null, failed: null };

const serverPage = (p: Props) => islandPage('BatchUpload', BatchUpload, p, '<main><h1>Upload batch file</h1>', '</main>');

function hydrate(p: Props) {
  const el = serverPage(p);
  act(() => mount('BatchUpload', BatchUpload));
  expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
  return el;
}

function pick(el: Element, file: File | null) {
  const input = el.querySelector<HTMLInputElement>('#file')!;
  Object.defineProperty(input, 'files', { value: file ? [file] : [], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('without JavaScript', () => {
  it('is a multipart form posting the file, the name and the CSRF token, with its errors beside the fields', async () => {
    const el = serverPage({ ...props, form: { ...form, name: 'Typed', errors: { file: 'File required' } } });
    const f = el.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action'), f.getAttribute('enctype')]).toEqual(['post', form.action, 'multipart/form-data']);
    expect(f.querySelector<HTMLInputElement>('input[name=_csrf]')!.value).toBe('csrf-1');
    expect(f.querySelector<HTMLInputElement>('#name')!.value).toBe('Typed');
    expect(el.querySelector('#file-error')!.textContent).toContain('File required');
    expect(el.querySelector('#file')!.getAttribute('aria-describedby')).toBe('file-hint file-error');
    expect(el.querySelector('a[href="#file"]')!.textContent).toBe('File required');
    expect(el.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false);
    expect(await violations()).toEqual([]);
  });

  it('shows the failed state with the report and the spec sentence', async () => {
    const el = serverPage({ ...props, failed: { details: ['1 of 2 rows has errors.'], footer: 'Please download the error report, correct the data and try again.',
      reportHref: 'data:text/csv;base64,YQ==', reportFilename: 'f-errors.csv' } });
    expect(el.querySelector('#upload-failed')!.textContent).toBe('Payout batch failed');
    const a = [...el.querySelectorAll('a')].find((x) => x.textContent === 'Download CSV error report')!;
    expect(a.getAttribute('download')).toBe('f-errors.csv');
    expect(await violations()).toEqual([]);
  });

  it('on the list it is a link to the upload page', () => {
    const el = serverPage({ ...props, dialog: true });
    const a = el.querySelector('a')!;
    expect([a.textContent, a.getAttribute('href')]).toEqual(['Upload batch file', form.action]);
  });
});

describe('with JavaScript', () => {
  it('checks the file at once and enables Upload batch only for a valid one', () => {
    const el = hydrate(props);
    const button = el.querySelector<HTMLButtonElement>('button[type=submit]')!;
    expect(button.disabled).toBe(true);
    pick(el, new File(['a'], 'x.xlsx'));
    expect(el.querySelector('#file-error')!.textContent).toContain('The file must be a CSV file');
    expect(button.disabled).toBe(true);
    pick(el, new File([], 'empty.csv'));
    expect(el.querySelector('#file-error')!.textContent).toContain('File is not present');
    pick(el, new File(['a,b\n'], 'ok.csv'));
    expect(el.querySelector('#file-error')).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('opens the dialog from the list', () => {
    const el = hydrate({ ...props, dialog: true });
    act(() => {
      el.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(document.querySelector('#batch-upload-dialog')!.hasAttribute('open')).toBe(true);
    expect(document.querySelector('#batch-upload-dialog-title')!.textContent).toBe('Upload batch file');
    expect(document.querySelector('#batch-upload-dialog form')).not.toBeNull();
  });
});

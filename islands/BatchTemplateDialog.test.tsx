import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { violations, islandPage, hydrateUnchanged } from './testing';
import BatchTemplateDialog, { narrowed, type Props } from './BatchTemplateDialog';

const catalogue: Props['catalogue'] = [
  {
    value: 'SEPA', label: 'SEPA', corridors: [
      { value: 'sepa-de', label: 'EUR to Germany', schemas: [{ value: 'sepa-eur-de-iban', label: 'IBAN' }, { value: 'sepa-eur-de-iban-typed', label: 'IBAN with creditor type' }] },
      { value: 'sepa-fr', label: 'EUR to France', schemas: [{ value: 'sepa-eur-fr-iban', label: 'IBAN' }] },
    ],
  },
  {
    value: 'FPS', label: 'Faster Payments', corridors: [
      { value: 'fps-gb', label: 'GBP to United Kingdom', schemas: [{ value: 'fps-gbp-gb-scan', label: 'Sort code and account number' }] },
    ],
  },
];
const props: Props = { page: '/org/o/batches/template', download: '/org/o/batches/template/download', catalogue };

const serverPage = (p: Props) => islandPage('BatchTemplateDialog', BatchTemplateDialog, p, '<main><h1>Batches</h1>', '</main>');

function hydrate(p: Props) {
  const el = serverPage(p);
  hydrateUnchanged(el, 'BatchTemplateDialog', BatchTemplateDialog);
  return el;
}

const q = <T extends Element = HTMLElement>(s: string) => document.querySelector<T>(s)!;

function open(el: HTMLElement) {
  const a = el.querySelector('a')!;
  a.focus();
  act(() => {
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
  return a;
}

function choose(id: string, value: string) {
  const s = q<HTMLSelectElement>('#' + id);
  act(() => {
    s.value = value;
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const selected = (id: string) => q<HTMLSelectElement>('#' + id).value;
const optionTexts = (id: string) => [...q<HTMLSelectElement>('#' + id).options].map((o) => o.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('BatchTemplateDialog', () => {
  it('is the link to the template page without JavaScript', async () => {
    const el = serverPage(props);
    const a = el.querySelector('a')!;
    expect(a.textContent).toBe('Create Batch template');
    expect(a.getAttribute('href')).toBe('/org/o/batches/template');
    expect(el.querySelector('dialog')).toBeNull();
    expect(await violations()).toEqual([]);
  });

  it('narrows as the page does: a single option is chosen for the user', () => {
    expect(narrowed(catalogue, 'FPS', '', '')).toMatchObject({ product: 'fps-gb', schema: 'fps-gbp-gb-scan' });
    expect(narrowed(catalogue, 'SEPA', '', '')).toMatchObject({ product: '', schema: '' });
    expect(narrowed(catalogue, 'SEPA', 'sepa-fr', '')).toMatchObject({ product: 'sepa-fr', schema: 'sepa-eur-fr-iban' });
    // A corridor of another type is no choice.
    expect(narrowed(catalogue, 'FPS', 'sepa-fr', 'sepa-eur-fr-iban')).toMatchObject({ product: 'fps-gb', schema: 'fps-gbp-gb-scan' });
    expect(narrowed(catalogue, '', '', '')).toMatchObject({ corridors: [], schemas: [], product: '', schema: '' });
  });

  it('hydrates unchanged and opens the dialog with focus on the transfer type', async () => {
    const el = hydrate(props);
    const opener = open(el);
    const d = q('#batch-template-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(q('#batch-template-dialog-title').textContent).toBe('Create batch template');
    expect(document.activeElement).toBe(q('#tpl-type'));
    expect(q<HTMLSelectElement>('#tpl-format').disabled).toBe(true);
    expect(optionTexts('tpl-type')).toEqual(['Select transfer type', 'SEPA', 'Faster Payments']);
    expect(q<HTMLSelectElement>('#tpl-product').disabled).toBe(true);
    const off = [...d.querySelectorAll('[aria-disabled=true]')].map((e) => e.textContent);
    expect(off).toEqual(['Download CSV template']);
    expect(await violations()).toEqual([]);
    act(() => [...d.querySelectorAll('button')].find((b) => b.textContent === 'Close')!.click());
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('fills the corridor at once when a transfer type is chosen, then offers the download, then "CSV downloaded, close window"', async () => {
    const el = hydrate(props);
    const opener = open(el);
    choose('tpl-type', 'FPS');
    expect(selected('tpl-product')).toBe('fps-gb');
    expect(selected('tpl-schema')).toBe('fps-gbp-gb-scan');
    const link = [...document.querySelectorAll<HTMLAnchorElement>('dialog a')].find((a) => a.textContent === 'Download CSV template')!;
    expect(link.getAttribute('href')).toBe('/org/o/batches/template/download?schema=fps-gbp-gb-scan');
    expect(link.getAttribute('download')).toBe('batch-template-fps-gbp-gb-scan.csv');
    expect(await violations()).toEqual([]);

    // Several corridors: none chosen until the user does; then its only schema is.
    choose('tpl-type', 'SEPA');
    expect(optionTexts('tpl-product')).toEqual(['Select corridor', 'EUR to Germany', 'EUR to France']);
    expect(selected('tpl-product')).toBe('');
    expect(q<HTMLSelectElement>('#tpl-schema').disabled).toBe(true);
    choose('tpl-product', 'sepa-de');
    expect(selected('tpl-schema')).toBe('');
    choose('tpl-schema', 'sepa-eur-de-iban-typed');
    const dl = [...document.querySelectorAll<HTMLAnchorElement>('dialog a')].find((a) => a.textContent === 'Download CSV template')!;
    expect(dl.getAttribute('href')).toBe('/org/o/batches/template/download?schema=sepa-eur-de-iban-typed');
    // jsdom does not download; the click is what the island acts on.
    dl.addEventListener('click', (e) => e.preventDefault());
    await act(async () => dl.click());
    await act(async () => {});
    const done = [...document.querySelectorAll('dialog button')].find((b) => b.textContent === 'CSV downloaded, close window') as HTMLButtonElement;
    expect(done).toBeTruthy();
    expect(document.activeElement).toBe(done);
    expect(await violations()).toEqual([]);
    act(() => done.click());
    expect(q('#batch-template-dialog').hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);

    // Opened again, it starts from the catalogue afresh.
    open(el);
    expect(selected('tpl-type')).toBe('');
    expect(document.querySelector('dialog button.rounded.bg-blue-800')).toBeNull();
  }, 30_000);

  it('chooses the one transfer type there is', () => {
    const el = hydrate({ ...props, catalogue: [catalogue[1]] });
    open(el);
    expect(selected('tpl-type')).toBe('FPS');
    expect(selected('tpl-schema')).toBe('fps-gbp-gb-scan');
  });
});

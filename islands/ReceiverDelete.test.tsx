import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { violations, islandPage, hydrateEnhanced } from './testing';
import ReceiverDelete, { type Props } from './ReceiverDelete';

const list = '/org/o1/receivers';
const props: Props = {
  href: `${list}/r1/delete?sort=created_at`,
  action: `${list}/r1/delete`,
  csrf: 'csrf-1',
  returnTo: `${list}?sort=created_at`,
  name: 'Anna Schmidt',
  title: 'Delete receiver?',
  text: 'Anna Schmidt will be removed from your contact list. A deleted receiver cannot be restored.',
  submit: 'Yes, delete receiver',
  back: 'No, keep it',
};

const serverPage = () => islandPage('ReceiverDelete', ReceiverDelete, props, '<main><h1>Receivers</h1><aside id="receiver-panel" aria-label="Receiver">', '</aside></main>');

const opener = () => document.querySelector<HTMLAnchorElement>('a')!;

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('ReceiverDelete', () => {
  it('is a link to the confirmation page without JavaScript', async () => {
    serverPage();
    expect(opener().getAttribute('href')).toBe(props.href);
    expect(opener().textContent).toBe('Delete receiver Anna Schmidt');
    expect(document.querySelector('dialog')).toBeNull();
    expect(await violations()).toEqual([]);
  });

  it('asks "Delete receiver?" in a dialog that posts the delete, keeps the focus and gives it back', async () => {
    await hydrateEnhanced(serverPage(), 'ReceiverDelete', ReceiverDelete);
    opener().focus();
    act(() => opener().click());
    const d = document.querySelector<HTMLDialogElement>('#receiver-delete-dialog')!;
    expect(d.hasAttribute('open')).toBe(true);
    expect(document.querySelector('#receiver-delete-dialog-title')!.textContent).toBe('Delete receiver?');
    expect(d.textContent).toContain(props.text);
    expect([...d.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['No, keep it', 'Yes, delete receiver']);
    expect(document.activeElement!.textContent).toBe('No, keep it');
    const form = d.querySelector('form')!;
    expect([form.method, form.getAttribute('action')]).toEqual(['post', props.action]);
    expect(Object.fromEntries(new FormData(form))).toEqual({ _csrf: 'csrf-1', return_to: props.returnTo });
    expect(await violations()).toEqual([]);
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener());
  });
});

/** @jsxRuntime automatic @jsxImportSource preact */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { violations } from '../testing';

function mount(open: boolean, onClose = () => {}) {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(<Modal id="m" title="Account funding" width={436} open={open} onClose={onClose}><input aria-label="x" /></Modal>, root));
  return root;
}

describe('Modal', () => {
  it('is labelled by its title, sized, and focuses its first control when opened', async () => {
    document.body.innerHTML = '<button id="opener">Open</button>';
    (document.getElementById('opener') as HTMLButtonElement).focus();
    const root = mount(true);
    const d = root.querySelector('dialog')!;
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.getAttribute('aria-labelledby')).toBe('m-title');
    expect(document.getElementById('m-title')!.textContent).toBe('Account funding');
    expect(d.getAttribute('style')).toContain('436px');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('x');
    expect(await violations()).toEqual([]);
  });

  it('gives focus back to the opener when closed', () => {
    document.body.innerHTML = '<button id="opener">Open</button><div id="r"></div>';
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();
    const root = document.getElementById('r')!;
    act(() => render(<Modal id="m" title="T" width={440} open onClose={() => {}}><input aria-label="x" /></Modal>, root));
    expect(document.activeElement).not.toBe(opener);
    act(() => render(<Modal id="m" title="T" width={440} open={false} onClose={() => {}}><input aria-label="x" /></Modal>, root));
    expect(root.querySelector('dialog')!.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes through onClose on Escape (cancel) and the close button', () => {
    let closed = 0;
    document.body.innerHTML = '';
    const root = mount(true, () => closed++);
    const d = root.querySelector('dialog')!;
    act(() => { d.dispatchEvent(new Event('cancel', { cancelable: true })); });
    act(() => { root.querySelector<HTMLButtonElement>('button')!.click(); });
    expect(closed).toBe(2);
  });
});

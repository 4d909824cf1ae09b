import { h } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { violations } from './testing';
import CopyValue, { type Props } from './CopyValue';

const props: Props = { label: 'reference', value: 'PO-0001-S0001' };

// Two values on one page, as a details panel has them: one script hydrates both.
function serverPage(...ps: Props[]): HTMLElement[] {
  document.body.innerHTML =
    '<main><h1>Payout</h1><dl>' +
    ps
      .map(
        (p, i) =>
          `<dt>${p.label}</dt><dd><div data-island="CopyValue" data-props="island-${i}">${renderToString(h(CopyValue, p))}</div>` +
          `<script type="application/json" id="island-${i}">${JSON.stringify(p)}</script></dd>`,
      )
      .join('') +
    '</dl></main>';
  return [...document.querySelectorAll<HTMLElement>('[data-island]')];
}

const settle = async () => {
  for (let i = 0; i < 3; i++) await act(async () => {});
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('CopyValue', () => {
  it('is the value as text and an invisible button without JavaScript', async () => {
    const [el] = serverPage(props);
    expect(el.querySelector('span')!.textContent).toBe(props.value);
    expect(el.querySelector('button')!.classList.contains('invisible')).toBe(true);
    expect(el.querySelector('[role=status]')!.textContent).toBe('');
    expect(await violations()).toEqual([]);
  });

  it('hydrates every value of the page unchanged, then copies one and announces the spec’s words', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const els = serverPage(props, { label: 'end-to-end ID', value: 'E2E-42' });
    const before = els.map((e) => e.innerHTML);
    act(() => {
      mount('CopyValue', CopyValue);
      expect(els.map((e) => e.innerHTML)).toEqual(before);
      expect(els.every((e) => !e.hasAttribute('data-hydration-mismatch'))).toBe(true);
    });
    await settle();
    const b = els[0].querySelector('button')!;
    expect(b.textContent).toBe('Copy reference');
    expect(b.classList.contains('invisible')).toBe(false);
    expect(els[1].querySelector('button')!.textContent).toBe('Copy end-to-end ID');
    await act(async () => b.click());
    await settle();
    expect(writeText).toHaveBeenCalledWith('PO-0001-S0001');
    expect(els[0].querySelector('[role=status]')!.textContent).toBe('PO-0001-S0001 has been copied to your clipboard');
    expect(els[1].querySelector('[role=status]')!.textContent).toBe('');
    expect(await violations()).toEqual([]);
  });

  it('says it could not copy when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    const [el] = serverPage(props);
    act(() => mount('CopyValue', CopyValue));
    await settle();
    await act(async () => el.querySelector('button')!.click());
    await settle();
    expect(el.querySelector('[role=status]')!.textContent).toBe('Could not copy PO-0001-S0001');
  });

  it('shows no button where the browser has no clipboard', async () => {
    vi.stubGlobal('navigator', {});
    const [el] = serverPage(props);
    act(() => mount('CopyValue', CopyValue));
    await settle();
    expect(el.querySelector('button')!.classList.contains('invisible')).toBe(true);
  });
});

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { describeVectors, violations, islandPage } from './testing';
import CopyText, { copiedMessage, type Props } from './CopyText';

const props: Props = { label: 'Wallet address', value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', short: 'TQn9Y2khE…bLSE' };

const serverPage = (p: Props, html?: string) => islandPage('CopyText', CopyText, p, '<main><h1>Account</h1>', '</main>', html);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('CopyText', () => {
  it('shows the short form and keeps the full value readable without JavaScript', async () => {
    const el = serverPage(props);
    expect(el.querySelector('code')!.textContent).toBe(props.short);
    expect(el.querySelector('details summary')!.textContent).toBe('Show full wallet address');
    expect(el.querySelector('details code')!.textContent).toBe(props.value);
    expect(el.querySelector('button')).toBeNull();
    expect(el.querySelector('[role=status]')!.textContent).toBe('');
    expect(await violations()).toEqual([]);
  });

  it('copies the full value and announces it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const el = serverPage(props);
    const before = el.innerHTML;
    act(() => {
      mount('CopyText', CopyText);
      expect(el.innerHTML).toBe(before);
    });
    const b = el.querySelector('button')!;
    expect(b.textContent).toBe('Copy wallet address');
    await act(async () => b.click());
    expect(writeText).toHaveBeenCalledWith(props.value);
    expect(el.querySelector('[role=status]')!.textContent).toBe(props.value + ' has been copied to your clipboard');
    expect(copiedMessage('x')).toBe('x has been copied to your clipboard');
    expect(await violations()).toEqual([]);
  });

  it('says so when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    const el = serverPage(props);
    act(() => mount('CopyText', CopyText));
    await act(async () => el.querySelector('button')!.click());
    for (let i = 0; i < 3; i++) await act(async () => {});
    expect(el.querySelector('[role=status]')!.textContent).toContain('Could not copy');
  });
});

describeVectors(join(dirname(fileURLToPath(import.meta.url)), '../testdata/islands/CopyText.json'), CopyText, serverPage);

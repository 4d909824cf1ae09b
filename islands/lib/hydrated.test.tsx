import { h, hydrate, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './hydrated';

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'enhanced' : 'server'}</p>;
}

describe('useHydrated', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is false on the server', () => {
    const seen: boolean[] = [];
    expect(renderToString(h(Probe, { seen }))).toBe('<p>server</p>');
    expect(seen).toEqual([false]);
  });

  it('is false while hydrating, so the markup stays; true from the next render', () => {
    const el = document.createElement('div');
    el.innerHTML = renderToString(h(Probe, { seen: [] }));
    document.body.append(el);
    const seen: boolean[] = [];
    let during = '';
    act(() => {
      hydrate(h(Probe, { seen }), el);
      during = el.innerHTML;
    });
    expect(during).toBe('<p>server</p>');
    expect(el.innerHTML).toBe('<p>enhanced</p>');
    expect(seen).toEqual([false, true]);
    render(null, el);
  });
});

/** @jsxRuntime automatic @jsxImportSource preact */
// A long value shown shortened (a wallet address: first 9 and last 5
// characters, spec 000 §2) with a copy button. The server's markup, and the
// first client render, keep the full value in a <details> so it can be read
// and selected without JavaScript; the button appears once hydrated and the
// clipboard is there, and a live region says what was copied (spec 000 §8).
import { useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['CopyText'];

export function copiedMessage(value: string): string {
  return value + ' has been copied to your clipboard';
}

export default function CopyText({ label, value, short }: Props) {
  // The button needs JavaScript and a clipboard.
  const canCopy = useHydrated() && !!navigator.clipboard;
  const [message, setMessage] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setMessage(copiedMessage(value));
    } catch {
      setMessage('Could not copy. Open "Show full ' + label.toLowerCase() + '" and copy it from there.');
    }
  };

  return (
    <div className="mt-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-gray-700">{label}</span>
        <code className="rounded bg-gray-100 px-1">{short}</code>
        {canCopy ? (
          <button type="button" onClick={copy} className="rounded border border-gray-600 px-2 py-0.5">
            Copy<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-blue-800 underline">Show full {label.toLowerCase()}</summary>
        <code className="block break-all">{value}</code>
      </details>
      <p role="status" className="mt-1 break-all">{message}</p>
    </div>
  );
}

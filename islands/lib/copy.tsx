/** @jsxRuntime automatic @jsxImportSource preact */
// A value a person may want to paste elsewhere (a reference, an IBAN), with a
// copy button. The server's markup is the value as plain text, an empty live
// region and the button invisible: visibility hides it from sight, the
// keyboard and screen readers alike, so without JavaScript there is no dead
// button, yet its room is kept and showing it moves nothing (the layout walk
// allows no shift; a button that wrapped the value's line would push the
// panel down). The hydrating render must match that markup, so the button
// shows on the next render, and only where the browser offers a clipboard.
import { useState } from 'preact/hooks';
import { useHydrated } from './hydrated';

// The spec's words (000 §8), so the tests hold the islands to them.
export function copiedMessage(value: string): string {
  return value + ' has been copied to your clipboard';
}

export function copyFailedMessage(value: string): string {
  return 'Could not copy ' + value;
}

export function CopyValue({ label, value }: { label: string; value: string }) {
  const canCopy = useHydrated() && typeof navigator !== 'undefined' && !!navigator.clipboard;
  const [message, setMessage] = useState('');

  const copy = async () => {
    // Cleared first so copying the same value twice is announced twice.
    setMessage('');
    try {
      await navigator.clipboard.writeText(value);
      setMessage(copiedMessage(value));
    } catch {
      setMessage(copyFailedMessage(value));
    }
  };

  return (
    <>
      <span className="break-all">{value}</span>
      <button type="button" onClick={copy} className={'ml-2 rounded border border-gray-600 px-1.5 text-xs' + (canCopy ? '' : ' invisible')}>
        Copy<span className="sr-only"> {label}</span>
      </button>
      <span role="status" className="ml-2 text-xs text-gray-700">
        {message}
      </span>
    </>
  );
}

/** @jsxRuntime automatic @jsxImportSource preact */
// Push approval (Authy) status on /mfa-verify?method=authy (spec 000 §4:
// "MFA approval check: polls every 2 seconds while status is pending;
// approved ... continues; any other status stops polling").
//
// The server's markup, and the first client render that hydrates it, is the
// status in a live region and a working "Check again" form (POST), so the
// flow works without JavaScript. Once hydrated, an effect polls the status
// URL every `interval` ms while pending, announces each change through the
// live region, and on "approved" submits the same form, whose server side
// finishes the login. Any other status stops the polling.
import { useEffect, useRef, useState } from 'preact/hooks';
import { next, startPolling, statusText } from './lib/approval';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['ApprovalPoll'];

function submit(f: HTMLFormElement | null) {
  if (!f) return;
  if (f.requestSubmit) f.requestSubmit();
  else f.submit();
}

export default function ApprovalPoll({ id, status: initial, csrf, statusUrl, checkUrl, interval }: Props) {
  const [status, setStatus] = useState(initial);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const n = next(initial);
    if (n === 'continue') {
      submit(form.current);
      return;
    }
    if (n !== 'poll') return;
    return startPolling({
      url: statusUrl,
      interval,
      fetch: (u, init) => window.fetch(u, init),
      onStatus: (s) => {
        setStatus(s);
        if (next(s) === 'continue') submit(form.current);
      },
    });
  }, []);

  return (
    <div className="mb-4">
      <p id="approval-status" role="status" aria-live="polite" className="mb-3 rounded border-l-4 border-blue-700 bg-blue-50 p-3 text-blue-900">
        {statusText(status)}
      </p>
      <form method="post" action={checkUrl} ref={form}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="approval_request_id" value={id} />
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
          {status === 'approved' ? 'Continue' : 'Check again'}
        </button>
      </form>
    </div>
  );
}

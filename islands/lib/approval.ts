// The MFA approval check of spec 000 §4: "polls every 2 seconds while status
// is pending; approved stores the token and continues; any other status stops
// polling." Pure logic here, so it can be tested with fake timers; the
// ApprovalPoll island only wires it to the page.

export type Next = 'poll' | 'continue' | 'stop';

// next says what a status means for the poll.
export function next(status: string): Next {
  if (status === 'pending') return 'poll';
  if (status === 'approved') return 'continue';
  return 'stop';
}

// statusText is what the live region says for a status. Server and client
// render it from the same function, so hydration changes nothing.
export function statusText(status: string): string {
  switch (status) {
    case 'pending':
      return 'Waiting for approval. Approve the request in the Authy app on your phone.';
    case 'approved':
      return 'Approved.';
    case 'denied':
      return 'The request was denied.';
    case 'expired':
      return 'The request expired.';
    case 'login_expired':
      return 'Your login expired. Please log in again.';
    case 'not_found':
      return 'This request was not found. Send a new request.';
    default:
      return 'We could not check the status. Select “Check again”.';
  }
}

// The part of fetch the poller needs (window.fetch fits).
export type Fetch = (
  url: string,
  init: { credentials: 'same-origin'; headers: Record<string, string>; cache: 'no-store' },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export type PollOptions = {
  url: string;
  interval: number;
  fetch: Fetch;
  // onStatus hears every status read, the last one included; "error" when a
  // reply could not be read.
  onStatus: (status: string) => void;
};

// readStatus turns a reply into a status: the JSON's "status" when there is
// one (also on 401 and 404, whose bodies say why), else "error".
export async function readStatus(f: Fetch, url: string): Promise<string> {
  try {
    const res = await f(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    const body = (await res.json()) as { status?: unknown } | null;
    return body && typeof body.status === 'string' && body.status ? body.status : 'error';
  } catch {
    return 'error';
  }
}

// startPolling asks for the status every interval ms, one request at a time
// (the next is scheduled only after a reply), while it is pending. It returns
// a function that stops it (on unmount).
export function startPolling({ url, interval, fetch: f, onStatus }: PollOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(async () => {
      const status = await readStatus(f, url);
      if (stopped) return;
      onStatus(status);
      if (next(status) === 'poll') schedule();
      else stopped = true;
    }, interval);
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** @jsxRuntime automatic @jsxImportSource preact */
// The actions of an open payout draft (spec 001 §2 "Payout drafts page", §4, §8): Approve,
// Decline and Delete draft, only those Go found this user may take. Without JavaScript
// Approve is a form that posts, Decline and Delete are links to their confirmation pages.
// Hydrated, Decline and Delete ask in the one dialog (lib/Modal: focus trapped, returned to
// the opener), every action calls the API, the answer is announced, the row leaves the
// table and the list is fetched again after 3000 ms (spec §9).
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { NoModal, loadApi, loadModal, withModal, type LazyApi, type ModalModule } from './lib/lazy';
import type { ApiClient } from './lib/apiClient';
import type { DraftDecisionStep, IslandProps } from '../templates/generated/props';

type Props = IslandProps['DraftDecision'];

/** How long the list waits before it is fetched again (spec 001 §9). */
export const REFETCH_MS = 3000;

const BUTTON = 'rounded px-4 py-2 font-medium';
const TONES: Record<string, string> = {
  approve: BUTTON + ' bg-blue-800 text-white hover:bg-blue-900',
  reject: BUTTON + ' border border-red-800 text-red-800',
  delete: BUTTON + ' border border-gray-600',
};

type Reply = { data: { message: string } };

export default function DraftDecision(p: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState<DraftDecisionStep | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const client = useRef<ApiClient | null>(null);
  // The move to the list after a decision, dropped if the island goes first.
  const leaving = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(leaving.current), []);
  // The dialog's module, loaded on the first Decline or Delete (lib/lazy); without it, the
  // link's own page asks instead.
  const [modal, setModal] = useState<ModalModule | null>(null);
  const Dialog = modal ? modal.Modal : NoModal;

  async function run(step: DraftDecisionStep) {
    setBusy(true);
    const path = p.api + (step.kind === 'delete' ? '' : '/' + step.kind);
    let api: LazyApi | undefined;
    try {
      api = await loadApi();
      client.current ??= api.createApiClient({ base: '', csrfToken: p.csrf });
      const r = await client.current.request<Reply>(step.method === 'DELETE' ? 'DELETE' : 'POST', path);
      setOpen(null);
      setMessage({ tone: 'ok', text: r.data.message });
      setDone(true);
      document.getElementById('draft-' + p.draftId)?.remove();
      leaving.current = setTimeout(() => window.location.assign(p.list), REFETCH_MS);
    } catch (e) {
      setOpen(null);
      const fail = step.failed;
      const why = api && e instanceof api.ApiError ? e.problems[0]?.detail : '';
      setMessage({ tone: 'error', text: why ? fail + ': ' + why : fail });
    } finally {
      setBusy(false);
    }
  }

  const approve = p.actions.find((a) => a.kind === 'approve');
  return (
    <div>
      <p role="status" className={message?.tone === 'error' ? 'mb-2 font-medium text-red-800' : 'mb-2 font-medium text-green-900'}>
        {message?.text ?? ''}
      </p>
      {done ? null : (
        <div className="flex flex-wrap items-center gap-3">
          {approve ? (
            <form method="post" action={approve.action}>
              <input type="hidden" name="_csrf" value={p.csrf} />
              <button
                type="submit"
                className={TONES.approve}
                disabled={busy}
                onClick={(e) => {
                  if (!js) return;
                  e.preventDefault();
                  void run(approve);
                }}
              >
                {approve.label}
              </button>
            </form>
          ) : null}
          {p.actions
            .filter((a) => a.confirm)
            .map((a) => (
              <a
                href={a.href}
                className={TONES[a.kind] ?? BUTTON}
                onClick={(e) => {
                  if (!js) return;
                  e.preventDefault();
                  void withModal(setModal, () => setOpen(a), () => window.location.assign(a.href), loadModal);
                }}
              >
                {a.label}
              </a>
            ))}
        </div>
      )}
      {js && open?.confirm ? (
        <Dialog id="draft-decision-dialog" title={open.confirm.title} width={440} open={true} onClose={() => setOpen(null)} closeLabel="">
          <p className="mb-4">{open.confirm.text}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={BUTTON + ' border border-gray-600'} autoFocus onClick={() => setOpen(null)}>
              {open.confirm.back}
            </button>
            <button type="button" className={TONES[open.kind] ?? BUTTON} disabled={busy} onClick={() => void run(open)}>
              {open.confirm.submit}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

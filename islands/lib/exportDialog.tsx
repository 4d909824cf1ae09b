/** @jsxRuntime automatic @jsxImportSource preact */
// The request dialog of an export (statements, payout reports): loaded with the dialog's own
// module on the first opening (./exports, useLazyDialog), so the island's first load carries
// neither the dialog (lib/Modal) nor the checks and the API call that only the dialog makes.
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from './apiClient';
import { loadApi, type LazyApi } from './lazy';
import { Modal } from './Modal';
import { CLOSE_AFTER_MS, usePeriodForm, type Errors, type Opening, type Phase } from './exports';

/** The request dialog's state: open, phase, errors; submit checks the form, posts body to
 *  apiUrl (the page's cookie and CSRF token) and, once accepted, shows the done state and
 *  goes to the list CLOSE_AFTER_MS later. */
export function useExportDialog<V>(p: {
  apiUrl: string;
  listUrl: string;
  csrf: string;
  initialErrors: Errors;
  check: (v: V) => Errors;
  body: (v: V) => unknown;
  errorsOf: (reply: unknown) => Errors;
  failed: string;
}) {
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [errors, setErrors] = useState<Errors>(p.initialErrors);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const client = useRef<ApiClient>();

  /** Opens the dialog on a fresh form; keep: with the errors the server gave. */
  const show = (keep = false) => {
    if (!keep) setErrors({});
    setPhase('form');
    setOpen(true);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setPhase('form');
  };
  const submit = async (values: V) => {
    if (phase === 'loading') return;
    const errs = p.check(values);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setPhase('loading');
    // The client's module comes with the first request (lib/lazy), not with the island.
    let api: LazyApi | undefined;
    try {
      api = await loadApi();
      client.current ??= api.createApiClient({ base: '', csrfToken: p.csrf });
      await client.current.post(p.apiUrl, p.body(values));
      setPhase('done');
      timer.current = setTimeout(() => {
        setOpen(false);
        // The list, first page, shows the new export and follows its progress.
        window.location.assign(p.listUrl);
      }, CLOSE_AFTER_MS);
    } catch (err) {
      // The server's answer with its field errors; a network failure (after the client's
      // one retry), an expired login or a module that did not come, the form's own message.
      setErrors(api && err instanceof api.ApiError && err.status > 0 && err.status !== 401 ? p.errorsOf(err.data) : { form: p.failed });
      setPhase('form');
    }
  };
  return { open, phase, errors, show, close, submit };
}

/** Runs start on each opening the island counted (none before the first). */
function useOpenings<V>(opening: Opening<V> | undefined, start: (o: Opening<V>) => void) {
  useEffect(() => {
    if (opening) start(opening);
  }, [opening?.n]);
}

/** A request dialog's form and state: each opening the island counted starts the form
 *  from its values and shows the dialog; submit checks and sends what the form holds. */
export function useRequestDialog<V extends { from: string; to: string }>(
  p: Parameters<typeof useExportDialog<V>>[0] & { values: V; max: string; opening?: Opening<V> },
) {
  const form = usePeriodForm(p.values, p.max);
  const dialog = useExportDialog<V>(p);
  useOpenings(p.opening, (o) => {
    form.start(o.values);
    dialog.show(o.keep);
  });
  const submit = (e: Event) => {
    e.preventDefault();
    void dialog.submit(form.values);
  };
  return { ...form, dialog, submit };
}

/** The request dialog (336 wide, spec 000 §9 and 001 §9): the form, then what was done. */
export function ExportModal({ id, title, open, phase, onClose, done, form }: {
  id: string; title: string; open: boolean; phase: Phase; onClose: () => void; done: VNode; form: VNode;
}) {
  return (
    <Modal id={id} title={title} width={336} open={open} onClose={onClose}>
      {phase === 'done' ? done : form}
    </Modal>
  );
}


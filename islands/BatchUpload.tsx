/** @jsxRuntime automatic @jsxImportSource preact */
// Upload a batch file (spec 001 §2 "Upload dialog", §5, §8). The server's markup is a plain
// multipart form that posts to the upload page, which answers in the state shown here
// (accepted, failed), so everything works without JavaScript. Hydrated, the island checks
// the chosen file at once (File required, File is not present, The file is too large, CSV
// only), keeps "Upload batch" disabled until a valid file is chosen and after success, and
// sends the same form to the API with the upload's progress, showing the answer in place.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { Modal } from './lib/Modal';
import { fileError, progressText } from './lib/batchUpload';
import type { BatchUploadAccepted, BatchUploadFailed, IslandProps } from '../templates/generated/props';

export type Props = IslandProps['BatchUpload'];

const primary = 'rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:bg-gray-400';
const secondary = 'rounded border border-gray-600 px-4 py-2';

type ApiFailed = {
  data?: { filename?: string; content?: string };
  // The API's one error shape: a form part's problem points at it (/file, /name).
  errors?: { title?: string; detail?: string; source?: { pointer?: string } }[];
};
type ApiAccepted = {
  data: { batch_id: string; name: string };
  meta: { local_instrument: string; currency: { iso: string }; country: { iso: string; name: string }; total_payout_requests: number };
};

function Accepted({ a, again }: { a: BatchUploadAccepted; again: string }) {
  return (
    <section aria-labelledby="upload-done" role="status">
      <h2 id="upload-done" className="mb-3 text-lg font-semibold">Batch uploaded</h2>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">Format</dt>
        <dd>CSV</dd>
        <dt className="text-gray-700">Name</dt>
        <dd className="break-words">{a.name}</dd>
        <dt className="text-gray-700">Type</dt>
        <dd>{a.type}</dd>
        <dt className="text-gray-700">Corridor</dt>
        <dd>{a.corridor}</dd>
        <dt className="text-gray-700">Total payout requests</dt>
        <dd>{a.total}</dd>
      </dl>
      {a.approvalNotice ? <p className="mb-4 rounded border-l-4 border-amber-600 bg-amber-50 p-3">{a.approvalNotice}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <a href={a.viewBatch} className={primary}>View batch</a>
        <a href={again} className={secondary}>Upload another batch</a>
      </div>
    </section>
  );
}

/**
 * The failed state and the error summary are alerts a screen reader must hear: on the page the
 * server sends (without JavaScript) autofocus takes focus there on load, and when one appears
 * in place (an answer of the API, a file refused) it takes focus as it mounts. An alert already
 * there, or one inserted with its text, is not announced by every screen reader.
 */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Failed({ f, again, close, onAgain }: { f: BatchUploadFailed; again: string; close: string; onAgain?: (e: Event) => void }) {
  const ref = useFocusOnMount<HTMLElement>();
  return (
    <section ref={ref} aria-labelledby="upload-failed" className="mb-4 rounded border-2 border-red-700 p-4" role="alert" tabIndex={-1} autoFocus>
      <h2 id="upload-failed" className="mb-2 text-lg font-semibold text-red-800">Payout batch failed</h2>
      <ul className="mb-2 list-disc pl-5 text-sm">
        {f.details.map((d) => (
          <li className="break-words">{d}</li>
        ))}
      </ul>
      <p className="mb-3">{f.footer}</p>
      <div className="flex flex-wrap items-center gap-3">
        {f.reportHref ? (
          <a href={f.reportHref} download={f.reportFilename} className={primary}>Download CSV error report</a>
        ) : null}
        <a href={again} onClick={onAgain} className={secondary}>Try again</a>
        <a href={close} className="text-blue-800 underline">Close window</a>
      </div>
    </section>
  );
}

/**
 * On the list page (dialog) the island is the "Upload batch file" button: a link to the
 * upload page without JavaScript, the dialog with it. After an accepted upload the list is
 * read again 3 s later (spec 001 §9), or when the dialog closes if that is later.
 */
export default function BatchUpload(props: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const uploaded = useRef(false);
  const timer = useRef(false);
  if (!props.dialog) return <UploadBody props={props} hydrated={hydrated} />;
  const onAccepted = () => {
    uploaded.current = true;
    setTimeout(() => {
      timer.current = true;
      if (!document.querySelector('#batch-upload-dialog[open]')) location.reload();
    }, 3000);
  };
  const onClose = () => {
    setOpen(false);
    if (uploaded.current && timer.current) location.reload();
  };
  return (
    <>
      <a href={props.form.action} className={primary} onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        setOpen(true);
      }}>Upload batch file</a>
      {/* Only once hydrated: the dialog's width is a style, which the CSP allows from script, not in markup. */}
      {hydrated ? (
        <Modal id="batch-upload-dialog" title="Upload batch file" width={560} open={open} onClose={onClose}>
          <UploadBody props={props} hydrated={hydrated} onAccepted={onAccepted} />
        </Modal>
      ) : null}
    </>
  );
}

function Summary({ fileErr, nameErr }: { fileErr: string; nameErr: string }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="mb-4 rounded border-2 border-red-700 p-4" role="alert" aria-labelledby="upload-errors-title" tabIndex={-1} autoFocus>
      <h2 id="upload-errors-title" className="font-semibold text-red-800">There is a problem</h2>
      <ul className="mt-2 list-disc pl-5">
        {fileErr ? <li><a href="#file" className="text-red-800 underline">{fileErr}</a></li> : null}
        {nameErr ? <li><a href="#name" className="text-red-800 underline">{nameErr}</a></li> : null}
      </ul>
    </div>
  );
}

function UploadBody({ props, hydrated, onAccepted }: { props: Props; hydrated: boolean; onAccepted?: () => void }) {
  const [accepted, setAccepted] = useState(props.accepted);
  const [failed, setFailed] = useState(props.failed);
  const [errors, setErrors] = useState(props.form.errors);
  const [picked, setPicked] = useState('');
  const [progress, setProgress] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const f = props.form;

  if (accepted) return <Accepted a={accepted} again={f.action} />;

  const onFile = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files && input.files[0];
    const msg = input.files && input.files.length === 0 ? 'File is not present' : fileError(file, f.maxBytes);
    setPicked(msg ? '' : file!.name);
    setErrors({ ...errors, file: msg });
  };

  const onSubmit = (e: Event) => {
    const form = formRef.current;
    if (!hydrated || !form) return;
    e.preventDefault();
    const input = form.elements.namedItem('file') as HTMLInputElement;
    const msg = fileError(input.files && input.files[0], f.maxBytes);
    if (msg) {
      setErrors({ ...errors, file: msg });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', f.api);
    xhr.setRequestHeader('X-CSRF-Token', f.csrf);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (ev) => setProgress(progressText(ev.loaded, ev.lengthComputable ? ev.total : 0));
    xhr.onerror = () => {
      setBusy(false);
      setProgress('');
      setFailed({ details: ['The batch could not be uploaded.'], footer: 'Please upload the batch with correct data, and try again.', reportHref: '', reportFilename: '' });
    };
    xhr.onload = () => {
      setBusy(false);
      setProgress('');
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body) {
        const b = body as ApiAccepted;
        onAccepted?.();
        setAccepted({
          name: b.data.name, type: b.meta.local_instrument, total: b.meta.total_payout_requests,
          corridor: b.meta.currency.iso + ' → ' + b.meta.country.name + ' (' + b.meta.country.iso + ')',
          viewBatch: f.listHref + '/' + encodeURIComponent(b.data.batch_id),
          approvalNotice: f.approvalNotice,
        });
        return;
      }
      const b = (body || {}) as ApiFailed;
      const fieldErrs: Record<string, string> = {};
      const details: string[] = [];
      for (const p of b.errors || []) {
        const field = (p.source?.pointer || '').replace(/^\//, '');
        if (field) fieldErrs[field] = (p.detail || '').replace(/\.$/, '');
        else if (p.detail) details.push(p.detail);
      }
      if (Object.keys(fieldErrs).length > 0 && details.length === 0) {
        setErrors(fieldErrs);
        return;
      }
      const content = b.data && b.data.content;
      setFailed({
        details: details.length ? details : ['The batch could not be uploaded.'],
        footer: content ? 'Please download the error report, correct the data and try again.' : 'Please upload the batch with correct data, and try again.',
        reportHref: content ? URL.createObjectURL(new Blob([content], { type: 'text/csv' })) : '',
        reportFilename: (b.data && b.data.filename ? b.data.filename.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]/g, '-') : 'batch') + '-errors.csv',
      });
    };
    setBusy(true);
    setFailed(null);
    setProgress(progressText(0, 0));
    const body = new FormData(form);
    // The API reads the token from X-CSRF-Token; the hidden _csrf is the no-JavaScript POST's,
    // and the upload's documented body has no such part.
    body.delete('_csrf');
    xhr.send(body);
  };

  const onAgain = (e: Event) => {
    if (!hydrated) return;
    e.preventDefault();
    setFailed(null);
    formRef.current?.reset();
    setPicked('');
  };

  const fileErr = errors.file || '';
  const nameErr = errors.name || '';
  const disabled = hydrated && (busy || picked === '');
  return (
    <div>
      {failed ? <Failed f={failed} again={f.action} close={f.listHref} onAgain={onAgain} /> : null}
      {fileErr || nameErr ? <Summary fileErr={fileErr} nameErr={nameErr} /> : null}
      <form ref={formRef} method="post" action={f.action} encType="multipart/form-data" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="_csrf" value={f.csrf} />
        <div className="mb-4">
          <label htmlFor="name" className="block font-medium">Name (optional)</label>
          <p id="name-hint" className="text-sm text-gray-700">Leave blank to use the file's name.</p>
          {nameErr ? <p id="name-error" className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{nameErr}</p> : null}
          <input id="name" name="name" type="text" defaultValue={f.name} maxLength={100} aria-invalid={nameErr ? 'true' : undefined}
            aria-describedby={nameErr ? 'name-hint name-error' : 'name-hint'}
            className={'mt-1 block w-full rounded border px-3 py-2 ' + (nameErr ? 'border-red-700' : 'border-gray-500')} />
        </div>
        <div className="mb-4">
          <label htmlFor="file" className="block font-medium">Batch file</label>
          <p id="file-hint" className="text-sm text-gray-700">A CSV file (UTF-8) made from a batch template, at most 2 MB.</p>
          {fileErr ? <p id="file-error" className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{fileErr}</p> : null}
          <input id="file" name="file" type="file" accept={f.acceptedTypes} onChange={onFile} aria-invalid={fileErr ? 'true' : undefined}
            aria-describedby={fileErr ? 'file-hint file-error' : 'file-hint'}
            className={'mt-1 block w-full rounded border px-3 py-2 ' + (fileErr ? 'border-red-700' : 'border-gray-500')} />
        </div>
        {f.duplicate ? (
          <div className="mb-4 flex items-start gap-2">
            <input id="allow_duplicate" name="allow_duplicate" type="checkbox" value="1" className="mt-1" />
            <label htmlFor="allow_duplicate">Upload it anyway: I have checked that this file is not a duplicate</label>
          </div>
        ) : null}
        <p aria-live="polite" className="mb-2 text-sm">{progress}</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primary} disabled={disabled}>Upload batch</button>
          <a href={f.templateHref} className={secondary}>Create Batch template</a>
          <a href={f.listHref} className="text-blue-800 underline">Close window</a>
        </div>
      </form>
    </div>
  );
}

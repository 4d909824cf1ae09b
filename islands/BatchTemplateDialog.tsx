/** @jsxRuntime automatic @jsxImportSource preact */
// "Create batch template" (spec 001 §2 "Template dialog") over the batches page. The server's
// markup is the "Create Batch template" link to the template page, which works without
// JavaScript (a GET form that comes back narrowed). Hydrated, the link opens the islands' dialog
// (lib/Modal: a native modal <dialog>, so focus stays in it and goes back to the link on close)
// with the same catalogue the page narrows (BatchCatalogue in server/batches/template.go):
// choosing a transfer type fills the corridor at once, a single option is chosen for the user,
// and "Download CSV template" becomes "CSV downloaded, close window" once the file is fetched.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { Modal } from './lib/Modal';
import type { BatchTemplateCorridor, BatchTemplateType, IslandProps } from '../templates/generated/props';

export type Props = IslandProps['BatchTemplateDialog'];

type Choice = { value: string; label: string };

/** only is the value of the one option there is, else "". */
export function only(options: Choice[]): string {
  return options.length === 1 ? options[0].value : '';
}

/** The choice of each step that follows from what is chosen before it (the page's rule too). */
export function narrowed(cat: BatchTemplateType[], type: string, product: string, schema: string) {
  const t = cat.find((x) => x.value === type);
  const corridors: BatchTemplateCorridor[] = t ? t.corridors : [];
  if (!corridors.some((c) => c.value === product)) product = only(corridors);
  const c = corridors.find((x) => x.value === product);
  const schemas = c ? c.schemas : [];
  if (!schemas.some((s) => s.value === schema)) schema = only(schemas);
  return { corridors, product, schemas, schema };
}

export function templateFilename(schema: string): string {
  return 'batch-template-' + schema + '.csv';
}

const primary = 'inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900';
const field = 'mt-1 block w-full rounded border border-gray-500 bg-white px-3 py-2 disabled:bg-gray-100';

function Select({ id, label, options, value, placeholder, onChange, disabled }: {
  id: string;
  label: string;
  options: Choice[];
  value: string;
  placeholder?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-medium">{label}</label>
      <select id={id} className={field} disabled={disabled}
        onChange={(e) => onChange && onChange((e.currentTarget as HTMLSelectElement).value)}>
        {placeholder !== undefined ? <option value="" selected={!value}>{placeholder}</option> : null}
        {options.map((o) => (
          <option value={o.value} selected={o.value === value}>{o.label}</option>
        ))}
      </select>
    </div>
  );
}

function Body({ p, onClose }: { p: Props; onClose: () => void }) {
  const cat = p.catalogue || [];
  const [type, setType] = useState(only(cat));
  const [product, setProduct] = useState('');
  const [schema, setSchema] = useState('');
  const [downloaded, setDownloaded] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The download link is replaced under the pointer: focus goes to what replaced it.
  useEffect(() => {
    if (downloaded) closeButton.current?.focus();
  }, [downloaded]);
  const n = narrowed(cat, type, product, schema);
  const choose = (f: (v: string) => void) => (v: string) => {
    f(v);
    setDownloaded(false);
  };
  if (cat.length === 0) {
    // The products could not be read: the page says why and offers what it can.
    return <p><a href={p.page} className="text-blue-800 underline">Open the template page</a></p>;
  }
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Select id="tpl-format" label="Format" options={[{ value: 'csv', label: 'CSV' }]} value="csv" disabled />
      <Select id="tpl-type" label="Transfer type" options={cat} value={type} placeholder="Select transfer type"
        onChange={choose((v) => {
          setType(v);
          setProduct('');
          setSchema('');
        })} />
      <Select id="tpl-product" label="Corridor" options={n.corridors} value={n.product} placeholder="Select corridor"
        disabled={!type} onChange={choose((v) => {
          setProduct(v);
          setSchema('');
        })} />
      <Select id="tpl-schema" label="Data required" options={n.schemas} value={n.schema} placeholder="Select data"
        disabled={!n.product} onChange={choose(setSchema)} />
      <div className="flex flex-wrap items-center gap-4">
        {downloaded ? (
          <button type="button" ref={closeButton} className={primary} onClick={onClose}>CSV downloaded, close window</button>
        ) : n.schema ? (
          <a href={p.download + '?schema=' + encodeURIComponent(n.schema)} download={templateFilename(n.schema)} className={primary}
            onClick={() => setDownloaded(true)}>
            Download CSV template
          </a>
        ) : (
          <span aria-disabled="true" className="rounded bg-gray-300 px-4 py-2 font-medium text-gray-700">Download CSV template</span>
        )}
      </div>
    </form>
  );
}

export default function BatchTemplateDialog(p: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a href={p.page} className="inline-block rounded border border-gray-600 px-4 py-2" onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        setOpen(true);
      }}>Create Batch template</a>
      {/* Only once hydrated: the dialog's width is a style, which the CSP allows from script, not in markup. */}
      {hydrated ? (
        <Modal id="batch-template-dialog" title="Create batch template" width={480} open={open} onClose={() => setOpen(false)}>
          {/* Mounted afresh on each opening, so the dialog starts from the catalogue again. */}
          {open ? <Body p={p} onClose={() => setOpen(false)} /> : null}
        </Modal>
      ) : null}
    </>
  );
}

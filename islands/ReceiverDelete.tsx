/** @jsxRuntime automatic @jsxImportSource preact */
// "Delete receiver" of the receivers' details panel (spec 001 §2, §8). Without JavaScript
// (the server's markup and the render that hydrates it) it is a link to the confirmation
// page, whose form posts the delete. Hydrated, the link opens the confirmation in the
// islands' one dialog (lib/Modal: it traps focus and gives it back to the link), whose form
// posts the same way; 'No, keep it' closes it.
import { useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { Modal } from './lib/Modal';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['ReceiverDelete'];

const secondary = 'inline-block rounded border border-gray-600 bg-white px-3 py-1.5 text-sm';

export default function ReceiverDelete(p: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={p.href}
        className="inline-block rounded border border-red-800 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
        onClick={(e) => {
          if (!js) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        Delete receiver<span className="sr-only"> {p.name}</span>
      </a>
      {js ? (
        <Modal id="receiver-delete-dialog" title={p.title} width={440} open={open} onClose={() => setOpen(false)} closeLabel="">
          <form method="post" action={p.action}>
            <p className="mb-4">{p.text}</p>
            <input type="hidden" name="_csrf" value={p.csrf} />
            <input type="hidden" name="return_to" value={p.returnTo} />
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={secondary} onClick={() => setOpen(false)}>{p.back}</button>
              <button type="submit" className="rounded bg-red-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-900">{p.submit}</button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}

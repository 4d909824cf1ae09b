// Opening a dialog whose code comes by import() on the click (see ./lazy).

/** Opens a dialog whose module comes on the click: set(m) once it came, then open(); without
 *  it (it did not come), instead(), the page that asks without JavaScript. load brings
 *  lib/Modal (./lazy, loadModal), or the island's own module with the frame and its
 *  contents (TransferDialog's form). */
export async function withModal<M>(
  set: (m: M) => void,
  open: () => void,
  instead: () => void,
  load: () => Promise<M>,
): Promise<void> {
  try {
    set(await load());
  } catch {
    instead();
    return;
  }
  open();
}

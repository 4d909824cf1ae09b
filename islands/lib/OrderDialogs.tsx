/** @jsxRuntime automatic @jsxImportSource preact */
// A collection order's dialogs (spec 001 §2 "Collection orders"): Cancel order, Refund and a
// payment's sandbox test case, in the islands' one dialog (lib/Modal: it traps focus and gives
// it back), whose forms post as the pages do without JavaScript. The CollectionOrderDetails
// island loads this module, with the frame, on the first click that opens one (lib/lazy
// withModal's load).
import { Modal } from './Modal';
import { DialogConfirm } from './dialogConfirm';
import { RefundFields } from './refund';
import type { IslandProps } from '../../templates/generated/props';

export function OrderDialogs({ p, dialog, onClose }: { p: IslandProps['CollectionOrderDetails']; dialog: string; onClose: () => void }) {
  return (
    <>
      {p.cancel ? (
        <Modal id="order-cancel-dialog" title={p.cancel.title} width={440} open={dialog === 'cancel'} onClose={onClose} closeLabel="">
          <DialogConfirm c={p.cancel} onBack={onClose} />
        </Modal>
      ) : null}
      {p.refund ? (
        <Modal id="order-refund-dialog" title="Refund order" width={440} open={dialog === 'refund'} onClose={onClose} closeLabel="">
          <RefundFields f={p.refund} idPrefix="order-refund" onBack={onClose} backLabel="Cancel" />
        </Modal>
      ) : null}
      {p.payments.map((pay, i) =>
        pay.testCase ? (
          <Modal id={'order-test-dialog-' + i} title={pay.testCase.title} width={440} open={dialog === 'test-' + i} onClose={onClose} closeLabel="">
            <p className="mb-2 font-medium">Payment {pay.reference}</p>
            <DialogConfirm c={pay.testCase} onBack={onClose} />
          </Modal>
        ) : null,
      )}
    </>
  );
}

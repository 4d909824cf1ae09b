/** @jsxRuntime automatic @jsxImportSource preact */
// The payout details panel's confirmations (spec 001 §2): Cancel payout and Run test case, in
// the islands' one dialog (lib/Modal: it traps focus and gives it back), whose forms post as
// the confirmation pages do without JavaScript. The PayoutDetails island loads this module,
// with the frame, on the first click that opens one (lib/lazy withModal's load).
import { Modal } from './Modal';
import { DialogConfirm } from './dialogConfirm';
import type { IslandProps } from '../../templates/generated/props';

export type Dialog = '' | 'cancel' | 'testcase';

export function PayoutDialogs({ p, dialog, testCase, onClose }: { p: IslandProps['PayoutDetails']; dialog: Dialog; testCase: string; onClose: () => void }) {
  const chosen = p.testCase?.options.find((o) => o.value === testCase);
  return (
    <>
      {p.cancel ? (
        <Modal id="payout-cancel-dialog" title={p.cancel.dialog.title} width={440} open={dialog === 'cancel'} onClose={onClose} closeLabel="">
          <DialogConfirm c={p.cancel.dialog} onBack={onClose} />
        </Modal>
      ) : null}
      {p.testCase ? (
        <Modal id="payout-test-case-dialog" title={p.testCase.dialog.title} width={440} open={dialog === 'testcase'} onClose={onClose} closeLabel="">
          <p className="mb-2 font-medium">Test case: {chosen ? chosen.label : testCase}</p>
          <DialogConfirm c={p.testCase.dialog} extra={[{ name: 'test_case', value: testCase }]} onBack={onClose} />
        </Modal>
      ) : null}
    </>
  );
}

// The payout wizard's frame as the server's bundle has it, so the server draws the whole
// wizard in place; in the browser's bundles this module is empty (ssr/bundle, serverModules)
// and islands/PayoutWizard loads ./wizardFrame by import() instead.
import Frame from './wizardFrame';

export default Frame;

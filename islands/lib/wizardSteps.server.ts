// The payout wizard's steps module as the server's bundle has it, so the server draws every
// step in place; in the browser's bundles this module is empty (ssr/bundle, serverModules)
// and islands/PayoutWizard loads ./wizardSteps by import() instead.
import * as steps from './wizardSteps';

export default steps;

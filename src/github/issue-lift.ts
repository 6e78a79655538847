/** Moved to src/policy/hand-close.ts (a quarantine decision belongs to the policy); kept for existing imports. */
export { decideAfterHandClose, type ClosedByHand, type ClosedByHandLookup } from '../policy/hand-close.ts';

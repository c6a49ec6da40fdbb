/** What the items, reminders and undo modules still import from here; other modules use access.service.ts and access.contract.ts. */
export { abilitiesOf } from '@nestbox/shared/items/abilities';
export {
  type Audience,
  type LevelCheck,
  MAX_TREE_DEPTH,
  type Member,
  seenBoxesSql,
  visibleItemsSql,
} from './access.contract.js';
export { authorizeLevel } from './access.policy.js';
export { type AccessService, audienceKey, createAccessService } from './access.service.js';

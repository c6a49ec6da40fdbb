/** The access module's public face: who sees an item at what level, and what that allows. */
export { abilitiesOf, authorizeLevel, type LevelCheck } from './access.policy.js';
export { MAX_TREE_DEPTH, type Member, seenBoxesSql, visibleItemsSql } from './access.repository.js';
export { type AccessService, type Audience, audienceKey, createAccessService } from './access.service.js';

/**
 * The items module's public face for other modules: the service (created in app.ts) and what
 * other modules' queries need to present items the same way.
 */
export { presentItem } from './items.presenter.js';
export { PRESENTED_COLUMNS, type PresentableRow } from './items.repository.js';
export { createItemsService, type ItemsService, type PersonalChanges } from './items.service.js';

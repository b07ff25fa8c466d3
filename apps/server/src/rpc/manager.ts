import { managerCatalogueApi } from './manager-catalogue.js';
import { managerContentApi } from './manager-content.js';
import { managerPositionsApi } from './manager-positions.js';
import type { RouteDef } from './registry.js';

/**
 * Calls of the training manager (capability `catalogue`): the course catalogue (manager-catalogue.ts; SCORM
 * uploads arrive through rpc/course-upload.ts), assignments to positions and departments
 * (manager-positions.ts), notifications and login page links (manager-content.ts).
 */
export const managerApi: RouteDef[] = [...managerCatalogueApi, ...managerPositionsApi, ...managerContentApi];

import { z } from 'zod';
import { contract } from '../contract.js';

export interface HomeCounts {
  /** Goals of the user's three that are not reached yet. */
  unreached_goals: number;
  /** Mandatory courses never done or expired (due again). */
  due_mandatory: number;
  /** Bundles assigned to the user's position: the menu shows CMA and Instructions only when there are some. */
  cma_bundles: number;
  instruction_bundles: number;
}

export const homeCounts = contract<HomeCounts>()('home_counts', 'GET', z.strictObject({}));

import { z } from 'zod';
import { contract } from '../contract.js';

/**
 * `ping`: the smallest signed-in call. It goes through the whole call pipeline (session, policy, input check,
 * logging, envelope) and does nothing else, so the benchmark can tell the pipeline's own cost.
 */
export const ping = contract<'pong'>()('ping', 'GET', z.strictObject({}));

import { contentRoutes, type Language } from '@portal/shared';
import type { Db } from '../db/connect.js';
import {
  bundleState,
  countBundles,
  findAssignedBundle,
  listCmaBundles,
  listInstructionBundles,
  listLoginLinks,
  listNotifications,
  markBundleComplete,
  markBundleSeen,
  markNotificationRead,
} from '../db/content.js';
import type { SessionUser } from '../db/sessions.js';
import { contentSettingsOf, isLanguage, portalSettingsFor } from '../domain/content-settings.js';
import { nextBundleStep } from '../domain/bundle-progress.js';
import { conflict, forbidden, notFound } from './errors.js';
import { route, type RouteDef } from './registry.js';

type BundleState = contentRoutes.BundleState;

const languageOf = (actor: SessionUser, requested?: Language): Language =>
  requested ?? (isLanguage(actor.language) ? actor.language : 'lv');

/** Moves the caller's own progress on a bundle assigned to their position one step, never back. */
async function advanceBundle(
  db: Db,
  actor: SessionUser,
  kind: 'cma' | 'instruction',
  bundleId: number,
  step: 'seen' | 'complete',
): Promise<BundleState> {
  const bundle = await findAssignedBundle(db, actor.id, kind, bundleId);
  if (!bundle) {
    const exists = await db
      .selectFrom('bundles')
      .select('id')
      .where('id', '=', bundleId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!exists) throw notFound('No such bundle.');
    throw forbidden('This bundle is not assigned to your position.');
  }
  if (bundle.completion_type === 'coming_soon') throw conflict('This bundle is not open yet.');
  const current = await bundleState(db, actor.id, bundleId);
  const decision = nextBundleStep(current, step);
  if (decision === 'refuse') throw conflict('Open the bundle first: only a seen bundle can be marked complete.');
  if (decision === 'unchanged') return current;
  const now = new Date().toISOString();
  if (step === 'seen') await markBundleSeen(db, actor.id, bundleId, now);
  else await markBundleComplete(db, actor.id, bundleId, now);
  return bundleState(db, actor.id, bundleId);
}

export const cmaResources = route(contentRoutes.cmaResources, {
  allow: 'own',
  handler: async ({ input, actor, db }) => listCmaBundles(db, actor, input.userLang),
});

export const getInstructions = route(contentRoutes.getInstructions, {
  allow: 'own',
  handler: async ({ input, actor, db }) => listInstructionBundles(db, actor, input.userLang),
});

export const setCmaSeen = route(contentRoutes.setCmaSeen, {
  allow: 'own',
  writes: true,
  handler: async ({ input, actor, db }) => advanceBundle(db, actor, 'cma', input.bundleId, 'seen'),
});

export const setCmaBundleComplete = route(contentRoutes.setCmaBundleComplete, {
  allow: 'own',
  writes: true,
  handler: async ({ input, actor, db }) => advanceBundle(db, actor, 'cma', input.bundleId, 'complete'),
});

export const setInstructionSeen = route(contentRoutes.setInstructionSeen, {
  allow: 'own',
  writes: true,
  handler: async ({ input, actor, db }) => advanceBundle(db, actor, 'instruction', input.bundleId, 'seen'),
});

export const setInstructionBundleComplete = route(contentRoutes.setInstructionBundleComplete, {
  allow: 'own',
  writes: true,
  handler: async ({ input, actor, db }) => advanceBundle(db, actor, 'instruction', input.bundleId, 'complete'),
});

export const notifications = route(contentRoutes.notifications, {
  allow: 'own',
  handler: async ({ input, actor: user, db }) => {
    return listNotifications(db, user.id, languageOf(user, input.language));
  },
});

export const setNotificationReaded = route(contentRoutes.setNotificationReaded, {
  allow: 'own',
  writes: true,
  handler: async ({ input, actor, db }) => {
    const found = await markNotificationRead(db, actor.id, input.notification_alias, new Date().toISOString());
    if (!found) throw notFound('No such notification.');
    return 'ok' as const;
  },
});

export const loginLinks = route(contentRoutes.loginLinks, {
  allow: 'public',
  handler: async ({ input, db }) => listLoginLinks(db, input.language),
});

export const portalSettings = route(contentRoutes.portalSettings, {
  allow: 'own',
  handler: async ({ input, actor: user, db, config }) => {
    const bundles = await countBundles(db, user);
    return portalSettingsFor(user, languageOf(user, input.language), contentSettingsOf(config), bundles);
  },
});

/** Calls of the content area. */
export const contentApi: RouteDef[] = [
  cmaResources,
  getInstructions,
  setCmaSeen,
  setCmaBundleComplete,
  setInstructionSeen,
  setInstructionBundleComplete,
  notifications,
  setNotificationReaded,
  loginLinks,
  portalSettings,
] as RouteDef[];

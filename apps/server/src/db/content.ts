import type { contentRoutes } from '@portal/shared';

type BundleResource = contentRoutes.BundleResource;
type BundleState = contentRoutes.BundleState;
type CmaBundle = contentRoutes.CmaBundle;
type CompletionType = contentRoutes.CompletionType;
type InstructionBundle = contentRoutes.InstructionBundle;
type LoginLinks = contentRoutes.LoginLinks;
type Notification = contentRoutes.Notification;
import { readIn } from '../domain/language-versions.js';
import type { Db } from './connect.js';
import type { SessionUser } from './sessions.js';

type BundleKind = 'cma' | 'instruction';

/** A signed-in person as their session holds them: their position decides the bundles they have. */
type Holder = Pick<SessionUser, 'id' | 'position_id'>;

export interface BundleCounts {
  cma: number;
  instructions: number;
}

/** How many CMA and instruction bundles the user's position has: the menu shows a link only when > 0. */
export async function countBundles(db: Db, user: Holder): Promise<BundleCounts> {
  if (user.position_id === null) return { cma: 0, instructions: 0 };
  const row = await db
    .selectFrom('bundle_positions')
    .innerJoin('bundles', 'bundles.id', 'bundle_positions.bundle_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().filterWhere('bundles.kind', '=', 'cma').as('cma'),
      eb.fn.countAll<number | string>().filterWhere('bundles.kind', '=', 'instruction').as('instructions'),
    ])
    .where('bundle_positions.position_id', '=', user.position_id)
    .executeTakeFirst();
  return { cma: Number(row?.cma ?? 0), instructions: Number(row?.instructions ?? 0) };
}

/** Per bundle (or resource) id, its texts in one language. */
async function textsIn(db: Db, language: string, bundleIds: number[], resourceIds: number[]) {
  const [bundles, resources] = await Promise.all([
    bundleIds.length
      ? db
          .selectFrom('bundle_texts')
          .select(['bundle_id', 'category_name', 'description'])
          .where('language', '=', language)
          .where('bundle_id', 'in', bundleIds)
          .execute()
      : [],
    resourceIds.length
      ? db
          .selectFrom('bundle_resource_texts')
          .select(['resource_id', 'title', 'button_string'])
          .where('language', '=', language)
          .where('resource_id', 'in', resourceIds)
          .execute()
      : [],
  ]);
  return {
    bundles: new Map(bundles.map(({ bundle_id, ...text }) => [bundle_id, text])),
    resources: new Map(resources.map(({ resource_id, ...text }) => [resource_id, text])),
  };
}

/**
 * The bundles of one kind assigned to the user's position, with the user's progress and resources, their texts in
 * `language` where they have them (`readIn`), else in their country's.
 */
async function listBundles(db: Db, user: Holder, kind: BundleKind, language?: string) {
  const { id: userId, position_id: positionId } = user;
  if (positionId === null) return [];
  const bundles = await db
    .selectFrom('bundles')
    .innerJoin('bundle_positions', 'bundle_positions.bundle_id', 'bundles.id')
    .leftJoin('bundle_progress', (join) =>
      join.onRef('bundle_progress.bundle_id', '=', 'bundles.id').on('bundle_progress.user_id', '=', userId),
    )
    .select([
      'bundles.id',
      'bundles.category_id',
      'bundles.category_name',
      'bundles.description',
      'bundles.completion_type',
      'bundles.mandatory',
      'bundles.sort_order',
      'bundles.country',
      'bundle_progress.seen',
      'bundle_progress.complete',
    ])
    .where('bundles.kind', '=', kind)
    .where('bundle_positions.position_id', '=', positionId)
    .orderBy('bundles.sort_order')
    .orderBy('bundles.id')
    .execute();
  const ids = bundles.map((b) => b.id);
  const resources = ids.length
    ? await db
        .selectFrom('bundle_resources')
        .selectAll()
        .where('bundle_id', 'in', ids)
        .orderBy('bundle_id')
        .orderBy('sort_order')
        .orderBy('id')
        .execute()
    : [];
  const foreign = bundles.filter((b) => language !== undefined && b.country !== language).map((b) => b.id);
  const texts = await textsIn(
    db,
    language ?? '',
    foreign,
    resources.filter((r) => foreign.includes(r.bundle_id)).map((r) => r.id),
  );
  return bundles.map((b) => ({
    bundle: {
      bundleId: b.id,
      category_id: b.category_id,
      ...readIn({ category_name: b.category_name, description: b.description }, texts.bundles.get(b.id)),
      completion_type: b.completion_type as CompletionType,
      seen: b.seen === 1,
      complete: b.complete === 1,
    },
    mandatory: b.mandatory === 1,
    order: b.sort_order,
    resources: resources.filter((r) => r.bundle_id === b.id).map((r) => readIn(r, texts.resources.get(r.id))),
  }));
}

const toResource = (r: {
  id: number;
  bundle_id: number;
  title: string;
  resource_type: string;
  resource_path: string;
}): BundleResource => ({
  resource_id: r.id,
  bundle_id: r.bundle_id,
  title: r.title,
  resource_type: r.resource_type as BundleResource['resource_type'],
  resource_path: r.resource_path,
});

/** The user's CMA bundles; `coming_soon` ones last, the rest in their order. */
export async function listCmaBundles(db: Db, user: Holder, language?: string): Promise<CmaBundle[]> {
  const rows = await listBundles(db, user, 'cma', language);
  const list = rows.map((row) => ({ ...row.bundle, resources: row.resources.map(toResource) }));
  const soon = (b: CmaBundle) => (b.completion_type === 'coming_soon' ? 1 : 0);
  return list.sort((a, b) => soon(a) - soon(b));
}

/** The user's instruction bundles: mandatory first, then in their order. */
export async function listInstructionBundles(db: Db, user: Holder, language?: string): Promise<InstructionBundle[]> {
  const rows = await listBundles(db, user, 'instruction', language);
  const list = rows.map((row) => ({
    ...row.bundle,
    mandatory: row.mandatory,
    order: row.order,
    resources: row.resources.map((r) => ({ ...toResource(r), button_string: r.button_string })),
  }));
  const soon = (b: InstructionBundle) => (b.completion_type === 'coming_soon' ? 1 : 0);
  return list.sort((a, b) => soon(a) - soon(b) || Number(b.mandatory) - Number(a.mandatory) || a.order - b.order);
}

/** A bundle of the given kind, only when it is assigned to the user's position. */
export async function findAssignedBundle(db: Db, userId: number, kind: BundleKind, bundleId: number) {
  return db
    .selectFrom('bundles')
    .innerJoin('bundle_positions', 'bundle_positions.bundle_id', 'bundles.id')
    .innerJoin('users', 'users.position_id', 'bundle_positions.position_id')
    .select(['bundles.id', 'bundles.completion_type'])
    .where('users.id', '=', userId)
    .where('bundles.kind', '=', kind)
    .where('bundles.id', '=', bundleId)
    .executeTakeFirst();
}

export async function bundleState(db: Db, userId: number, bundleId: number): Promise<BundleState> {
  const row = await db
    .selectFrom('bundle_progress')
    .select(['seen', 'complete'])
    .where('user_id', '=', userId)
    .where('bundle_id', '=', bundleId)
    .executeTakeFirst();
  return { bundleId, seen: row?.seen === 1, complete: row?.complete === 1 };
}

/** unseen → seen; a seen or complete bundle stays as it is. */
export async function markBundleSeen(db: Db, userId: number, bundleId: number, now: string): Promise<void> {
  await db
    .insertInto('bundle_progress')
    .values({ user_id: userId, bundle_id: bundleId, seen: 1, complete: 0, seen_at: now, completed_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'bundle_id']).doNothing())
    .execute();
}

/** seen → complete (only from seen; the caller checks). */
export async function markBundleComplete(db: Db, userId: number, bundleId: number, now: string): Promise<void> {
  await db
    .updateTable('bundle_progress')
    .set({ complete: 1, completed_at: now })
    .where('user_id', '=', userId)
    .where('bundle_id', '=', bundleId)
    .where('seen', '=', 1)
    .where('complete', '=', 0)
    .execute();
}

/** Active notifications in a language, newest first, each with the user's read state. */
export async function listNotifications(db: Db, userId: number, language: string): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('notification_reads', (join) =>
      join
        .onRef('notification_reads.notification_id', '=', 'notifications.id')
        .on('notification_reads.user_id', '=', userId),
    )
    .select([
      'notifications.id',
      'notifications.alias',
      'notifications.name',
      'notifications.description',
      'notifications.language',
      'notifications.external',
      'notifications.link',
      'notification_reads.notification_id as read',
    ])
    .where('notifications.language', '=', language)
    .where('notifications.status', '=', 'active')
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .execute();
  return rows.map((r) => ({
    alias: r.alias,
    id: r.id,
    status: r.read === null ? 'initial' : 'seen',
    name: r.name,
    description: r.description,
    language: r.language,
    external: r.external === 1 ? 1 : 0,
    link: r.link,
  }));
}

/**
 * Marks every language version of an active notification as read by the user.
 * Returns false when there is no active notification with that alias.
 */
export async function markNotificationRead(db: Db, userId: number, alias: string, now: string): Promise<boolean> {
  const ids = await db
    .selectFrom('notifications')
    .select('id')
    .where('alias', '=', alias)
    .where('status', '=', 'active')
    .execute();
  if (ids.length === 0) return false;
  await db
    .insertInto('notification_reads')
    .values(ids.map(({ id }) => ({ user_id: userId, notification_id: id, read_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
    .execute();
  return true;
}

/** The login page's lists for one language: external links, surveys and scholar courses. */
export async function listLoginLinks(db: Db, language: string): Promise<LoginLinks> {
  const rows = await db
    .selectFrom('login_links')
    .selectAll()
    .where('language', '=', language)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return {
    linkLang: language,
    links: rows
      .filter((r) => r.link_type === 'external')
      .map((r) => ({ linkId: r.id, linkHeading: r.heading, linkDescription: r.description, linkUrl: r.url })),
    linkSurveys: rows
      .filter((r) => r.link_type === 'survey')
      .map((r) => ({
        surveyId: r.id,
        surveyHeading: r.heading,
        surveyDescription: r.description,
        surveyUrl: r.url,
        surveyIsAnon: r.is_anon === 1,
        surveyLang: r.language,
        boldBorder: r.bold_border === 1,
      })),
    linkCourses: rows
      .filter((r) => r.link_type === 'scholar')
      .map((r) => ({ courseId: r.id, courseHeading: r.heading, courseDescription: r.description, courseUrl: r.url })),
  };
}

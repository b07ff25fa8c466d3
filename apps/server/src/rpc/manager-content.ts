import { managerRoutes } from '@portal/shared';
import {
  deleteLoginLinkRow,
  findLoginLink,
  findNotification,
  insertLoginLink,
  insertNotification,
  listManagerLoginLinks,
  listManagerNotifications,
  setNotificationStatusRow,
  updateLoginLink,
} from '../db/manager.js';
import { conflict, notFound } from './errors.js';
import { route, type RouteDef } from './registry.js';

/* ---------- notifications ---------- */

export const addNotification = route(managerRoutes.addNotification, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, db, audit }) {
    const id = await insertNotification(db, {
      language: input.language,
      alias: input.alias,
      name: input.name,
      description: input.description,
      external: input.external,
      link: input.link ?? null,
    });
    if (id === null) {
      throw conflict(`A notification with the alias "${input.alias}" already exists in language ${input.language}.`);
    }
    const created = (await findNotification(db, id))!;
    await audit({
      action: 'notification.add',
      subjectType: 'notification',
      subjectId: id,
      before: null,
      after: created,
    });
    return created;
  },
});

export const managerNotifications = route(managerRoutes.managerNotifications, {
  allow: 'catalogue',
  handler: ({ input, db }) => listManagerNotifications(db, input.language),
});

export const setNotificationStatus = route(managerRoutes.setNotificationStatus, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, db, audit }) {
    const before = await findNotification(db, input.id);
    if (!before) throw notFound('No such notification.');
    if (before.status === input.status) return before;
    await setNotificationStatusRow(db, input.id, input.status);
    const after = (await findNotification(db, input.id))!;
    await audit({ action: 'notification.status', subjectType: 'notification', subjectId: input.id, before, after });
    return after;
  },
});

/* ---------- login page links ---------- */

export const managerLoginLinks = route(managerRoutes.managerLoginLinks, {
  allow: 'catalogue',
  handler: ({ input, db }) => listManagerLoginLinks(db, input.language),
});

export const saveLoginLink = route(managerRoutes.saveLoginLink, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, db, audit }) {
    const { id, ...values } = input;
    if (id === undefined) {
      const newId = await insertLoginLink(db, values);
      const created = (await findLoginLink(db, newId))!;
      await audit({
        action: 'login_link.add',
        subjectType: 'login_link',
        subjectId: newId,
        before: null,
        after: created,
      });
      return created;
    }
    const before = await findLoginLink(db, id);
    if (!before) throw notFound('No such login page link.');
    await updateLoginLink(db, id, values);
    const after = (await findLoginLink(db, id))!;
    await audit({ action: 'login_link.update', subjectType: 'login_link', subjectId: id, before, after });
    return after;
  },
});

export const deleteLoginLink = route(managerRoutes.deleteLoginLink, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, db, audit }) {
    const before = await findLoginLink(db, input.id);
    if (!before) throw notFound('No such login page link.');
    await deleteLoginLinkRow(db, input.id);
    await audit({ action: 'login_link.delete', subjectType: 'login_link', subjectId: input.id, before, after: null });
    return 'ok' as const;
  },
});

export const managerContentApi: RouteDef[] = [
  addNotification,
  managerNotifications,
  setNotificationStatus,
  managerLoginLinks,
  saveLoginLink,
  deleteLoginLink,
] as RouteDef[];

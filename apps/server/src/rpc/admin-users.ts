import { adminRoutes, courseStatus } from '@portal/shared';
import type { z } from 'zod';
import { hashPassword } from '../auth/passwords.js';
import {
  addAdditionalCourses,
  additionalCourses,
  courseVersion,
  deleteUserRow,
  existingAliases,
  findDepartmentById,
  findDepartments,
  findPosition,
  historyCounts,
  insertUserIfLoginFree,
  insertUserWithPin,
  loadTarget,
  removeAdditionalCourses,
  replacePin,
  setManualCompletion,
  updateUserRow,
  type Target,
} from '../db/admin.js';
import { cellsOf } from '../db/result-cells.js';
import { loadCatalogue } from '../db/result-columns.js';
import { dueItems } from '../db/user-results.js';
import type { Db } from '../db/connect.js';
import type { UserUpdate } from '../db/schema.js';
import { endUserSessions, type SessionUser } from '../db/sessions.js';
import {
  isManagerRole,
  mayAssignRole,
  mayDelete,
  mayGiveCourses,
  mayGrantAdmin,
  mayManage,
  mayPlace,
  mayResetPin,
} from '../domain/admin-rules.js';
import { searchName } from '../domain/names.js';
import { personaOf } from '../domain/policy.js';
import { needsPassword } from '../domain/sign-in.js';
import { languageFor } from './admin-access.js';
import { ApiError, conflict, forbidden, invalidInput } from './errors.js';
import { route, type RouteDef } from './registry.js';

const { ADMIN_MESSAGES } = adminRoutes;

/** Shortest manager password accepted. */
export const MIN_PASSWORD_LENGTH = 8;

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '(input)'] ??= issue.message;
  return fields;
}

const notSpecified = (field: string) =>
  invalidInput(ADMIN_MESSAGES.notSpecified, { [field]: ADMIN_MESSAGES.fillField });

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw invalidInput('The request is not valid.', {
      password: `The manager password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
    });
  }
}

/** What the audit log keeps of a person: never the password hash. */
function snapshot(target: Target) {
  return {
    login: target.login,
    name: target.name,
    surname: target.surname,
    role: target.role,
    typ: target.typ,
    country: target.country,
    department: target.department_alias,
    position: target.position,
    long_term: target.long_term === 1,
    has_password: target.has_password,
  };
}

async function mustLoad(db: Db, id: number): Promise<Target> {
  const target = await loadTarget(db, id);
  if (!target) throw new ApiError('no_user_found', 'No such user.');
  return target;
}

export const addUser = route(adminRoutes.addUser, {
  allow: 'manage_users',
  writes: true,
  async handler({ input, actor: caller, db, audit }) {
    let departmentAlias = input.department_alias;
    if (!departmentAlias && typeof input.department_id === 'number') {
      departmentAlias = (await findDepartmentById(db, input.department_id))?.alias;
    }
    const parsed = adminRoutes.addUserForm.safeParse({
      ...input,
      department_alias: departmentAlias ?? '',
      department_id: undefined,
    });
    if (!parsed.success) throw invalidInput(ADMIN_MESSAGES.fillAll, fieldsOf(parsed.error));
    const form = parsed.data;

    const [department] = await findDepartments(db, [form.department_alias]);
    if (!department)
      throw invalidInput('The request is not valid.', { department_alias: 'No such store or department.' });
    if (typeof input.department_id === 'number' && input.department_id !== department.id) {
      throw invalidInput('The request is not valid.', {
        department_id: 'department_id and department_alias name different places.',
      });
    }
    if (department.country !== form.country) {
      throw invalidInput('The request is not valid.', { country: `${department.alias} is not in ${form.country}.` });
    }
    if (form.type === 'store_user' && department.kind !== 'store') {
      throw invalidInput('The request is not valid.', { department_alias: 'Store staff belong to a store.' });
    }
    const position = await findPosition(db, form.position, form.country);
    if (!position) throw invalidInput('The request is not valid.', { position: 'No such position in this country.' });
    if (!mayPlace(caller, department, 'add')) throw forbidden('You may not add people there.');
    if (!mayAssignRole(caller, form.role, form.type)) throw forbidden('You may not grant admin rights.');

    const withPassword = needsPassword({ role: form.role, typ: form.type }) && !!form.password;
    if (withPassword) checkPassword(form.password!);
    const values = {
      pass_hash: withPassword ? await hashPassword(form.password!) : null,
      role: form.role,
      typ: form.type,
      name: form.name,
      surname: form.surname,
      search_name: searchName(form.name, form.surname),
      country: form.country,
      language: form.country,
      position_id: position.id,
      department_id: department.id,
      created_at: new Date().toISOString(),
    };
    let created: { id: number; login: string };
    if (form.type === 'store_user') {
      created = await insertUserWithPin(db, values);
    } else {
      const login = form.login!.trim().toLowerCase();
      const id = await insertUserIfLoginFree(db, { ...values, login });
      if (id === null) throw conflict('That login is already taken.');
      created = { id, login };
    }
    const target = await mustLoad(db, created.id);
    await audit({ action: 'user.add', subjectType: 'user', subjectId: created.id, after: snapshot(target) });
    return { message: ADMIN_MESSAGES.userCreated, id: created.id, login: created.login, user: target.profile };
  },
});

export const updateUserData = route(adminRoutes.updateUserData, {
  allow: 'manage_users',
  writes: true,
  subjectUsers: (input) => [input.id],
  async handler({ input, actor: caller, db, audit }) {
    const target = await mustLoad(db, input.id);
    if (!mayManage(caller, target)) throw forbidden('You may not change this person.');

    // Where the person works: an empty store or position is the spec's warning, a new store needs a position too.
    const departmentGiven = input.department_alias !== undefined || input.department_id !== undefined;
    let department = await findDepartmentById(db, target.department_id);
    if (departmentGiven) {
      if (input.department_alias) [department] = await findDepartments(db, [input.department_alias]);
      else if (typeof input.department_id === 'number') department = await findDepartmentById(db, input.department_id);
      else throw notSpecified('department_alias');
      if (!department)
        throw invalidInput('The request is not valid.', { department_alias: 'No such store or department.' });
    }
    if (input.position !== undefined && !input.position) throw notSpecified('position');
    const moves = department!.id !== target.department_id;
    if (moves && !input.position) throw notSpecified('position');
    if (input.country && input.country !== department!.country) {
      throw invalidInput('The request is not valid.', { country: `${department!.alias} is not in ${input.country}.` });
    }
    const positionAlias = input.position ?? target.position;
    const position = positionAlias ? await findPosition(db, positionAlias, department!.country) : undefined;
    if (positionAlias && !position)
      throw invalidInput('The request is not valid.', { position: 'No such position in this country.' });
    if (moves && !mayPlace(caller, department!, 'transfer')) throw forbidden('You may not move people there.');

    // Role, type and the manager password.
    const role = input.role ?? target.role;
    const typ = input.typ ?? target.typ;
    const roleChanges = role !== target.role || typ !== target.typ;
    if (roleChanges) {
      const touchesRights =
        isManagerRole(role) || isManagerRole(target.role) || personaOf({ role, typ }) !== personaOf(target);
      if (touchesRights && !mayGrantAdmin(caller, target)) throw forbidden('You may not grant or revoke admin rights.');
      if (!mayAssignRole(caller, role, typ)) throw forbidden('You may not grant these rights.');
    }
    if (input.password !== undefined && input.password !== '' && !mayGrantAdmin(caller, target)) {
      throw forbidden('You may not set a manager password.');
    }
    const passwordNeeded = needsPassword({ role, typ });
    if (passwordNeeded && isManagerRole(role) && !target.has_password && !input.password)
      throw notSpecified('password');
    if (passwordNeeded && isManagerRole(role) && input.password === '' && roleChanges) throw notSpecified('password');

    const patch: UserUpdate = {};
    if (input.name !== undefined || input.surname !== undefined) {
      patch.name = input.name ?? target.name;
      patch.surname = input.surname ?? target.surname;
      patch.search_name = searchName(patch.name, patch.surname);
    }
    if (moves) {
      patch.department_id = department!.id;
      patch.country = department!.country;
    }
    if ((position?.id ?? null) !== target.position_id) patch.position_id = position?.id ?? null;
    if (roleChanges) Object.assign(patch, { role, typ });
    if (input.long_term !== undefined && (input.long_term ? 1 : 0) !== target.long_term)
      patch.long_term = input.long_term ? 1 : 0;
    let passwordChanged = false;
    if (passwordNeeded && input.password) {
      checkPassword(input.password);
      patch.pass_hash = await hashPassword(input.password);
      passwordChanged = true;
    } else if (!passwordNeeded && target.has_password) {
      // A store admin made a store learner again signs in with the PIN alone.
      patch.pass_hash = null;
      passwordChanged = true;
    }

    await updateUserRow(db, target.id, patch);
    if (roleChanges || passwordChanged) await endUserSessions(db, target.id);
    const after = await mustLoad(db, target.id);
    if (Object.keys(patch).length > 0) {
      await audit({
        action: moves ? 'user.transfer' : roleChanges ? 'user.rights' : 'user.update',
        subjectType: 'user',
        subjectId: target.id,
        before: snapshot(target),
        after: { ...snapshot(after), ...(passwordChanged ? { password_changed: true } : {}) },
      });
    }
    return { user: after.profile, due: await dueItems(db, after.profile, languageFor(caller), new Date()) };
  },
});

export const deleteUser = route(adminRoutes.deleteUser, {
  allow: 'delete_users',
  writes: true,
  subjectUsers: (input) => [input.id],
  async handler({ input, actor: caller, db, audit }) {
    const target = await mustLoad(db, input.id);
    if (target.id === caller.id) throw conflict('You cannot delete your own profile.');
    if (!mayDelete(caller, target)) throw forbidden('You may not delete this person.');
    const history = await historyCounts(db, target.id);
    await endUserSessions(db, target.id);
    await deleteUserRow(db, target.id);
    await audit({
      action: isManagerRole(target.role) ? 'user.delete_manager' : 'user.delete',
      subjectType: 'user',
      subjectId: target.id,
      before: { ...snapshot(target), ...history },
    });
    return { deleted: target.id };
  },
});

export const resetPin = route(adminRoutes.resetPin, {
  allow: 'manage_users',
  writes: true,
  subjectUsers: (input) => [input.user_id],
  async handler({ input, actor: caller, db, audit }) {
    const target = await mustLoad(db, input.user_id);
    if (needsPassword(target))
      throw invalidInput('The request is not valid.', { user_id: 'This person signs in with a password, not a PIN.' });
    if (!mayResetPin(caller, target)) throw forbidden('You may not give this person a new PIN.');
    const login = await replacePin(db, target.id, target.name, target.surname);
    await endUserSessions(db, target.id);
    // The PINs themselves stay out of the log: the new one is a live credential.
    await audit({
      action: 'user.reset_pin',
      subjectType: 'user',
      subjectId: target.id,
      before: { pin_set: true },
      after: { pin_set: true, sessions_ended: true },
    });
    return { login };
  },
});

async function checkCourses(db: Db, aliases: string[], field: string): Promise<void> {
  const known = await existingAliases(db, aliases);
  const unknown = aliases.find((a) => !known.has(a));
  if (unknown) throw invalidInput('The request is not valid.', { [field]: `No such course: ${unknown}.` });
}

async function changeAdditional(
  db: Db,
  caller: SessionUser,
  userId: number,
  audit: (entry: {
    action: string;
    subjectType: string;
    subjectId: number;
    before: unknown;
    after: unknown;
  }) => Promise<void>,
  next: (current: string[]) => { add: string[]; remove: string[] },
): Promise<{ courses: string[] }> {
  const target = await mustLoad(db, userId);
  if (!mayGiveCourses(caller, target)) throw forbidden('You may not change this person’s courses.');
  const before = await additionalCourses(db, userId);
  const { add, remove } = next(before);
  await removeAdditionalCourses(db, userId, remove);
  await addAdditionalCourses(db, userId, add, caller.id);
  const after = await additionalCourses(db, userId);
  if (add.length > 0 || remove.length > 0) {
    await audit({
      action: 'user.additional_courses',
      subjectType: 'user',
      subjectId: userId,
      before: { courses: before },
      after: { courses: after },
    });
  }
  return { courses: after };
}

export const saveAdditionalCourses = route(adminRoutes.saveAdditionalCourses, {
  allow: 'additional_courses',
  writes: true,
  subjectUsers: (input) => [input.saveUserId],
  async handler({ input, actor, db, audit }) {
    const wanted = [...new Set(input.courses)];
    await checkCourses(db, wanted, 'courses');
    return changeAdditional(db, actor, input.saveUserId, audit, (current) => ({
      add: wanted.filter((a) => !current.includes(a)),
      remove: current.filter((a) => !wanted.includes(a)),
    }));
  },
});

export const addAdditionalCourse = route(adminRoutes.addAdditionalCourse, {
  allow: 'additional_courses',
  writes: true,
  subjectUsers: (input) => [input.save_user_id],
  async handler({ input, actor, db, audit }) {
    await checkCourses(db, [input.add_course_alias], 'add_course_alias');
    if (input.add_course_id && !(await courseVersion(db, input.add_course_id, input.add_course_alias))) {
      throw invalidInput('The request is not valid.', {
        add_course_id: 'The course id is not a version of this course.',
      });
    }
    return changeAdditional(db, actor, input.save_user_id, audit, (current) => ({
      add: current.includes(input.add_course_alias) ? [] : [input.add_course_alias],
      remove: [],
    }));
  },
});

export const removeAdditionalCourse = route(adminRoutes.removeAdditionalCourse, {
  allow: 'additional_courses',
  writes: true,
  subjectUsers: (input) => [input.save_user_id],
  async handler({ input, actor, db, audit }) {
    return changeAdditional(db, actor, input.save_user_id, audit, (current) => ({
      add: [],
      remove: current.includes(input.add_course_alias) ? [input.add_course_alias] : [],
    }));
  },
});

/** Clock skew tolerated for a completion time "now". */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export const setCourseCompleteManual = route(adminRoutes.setCourseCompleteManual, {
  allow: 'additional_courses',
  writes: true,
  subjectUsers: (input) => [input.course_user_id],
  async handler({ input, actor: caller, db, audit }) {
    const target = await mustLoad(db, input.course_user_id);
    if (!mayGiveCourses(caller, target)) throw forbidden('You may not record completions for this person.');
    await checkCourses(db, [input.course_alias], 'course_alias');
    if (input.courseId && !(await courseVersion(db, input.courseId, input.course_alias))) {
      throw invalidInput('The request is not valid.', { courseId: 'The course id is not a version of this course.' });
    }
    const now = new Date();
    const when = input.course_completion_time
      ? new Date(
          input.course_completion_time.length === 10
            ? `${input.course_completion_time}T12:00:00.000Z`
            : input.course_completion_time,
        )
      : now;
    if (when.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
      throw invalidInput('The request is not valid.', {
        course_completion_time: 'A completion cannot lie in the future.',
      });
    }
    const finishTime = when.toISOString();
    const [course] = await loadCatalogue(db, {
      countries: [target.country],
      lang: target.country,
      aliases: [input.course_alias],
      order: 'office',
    });
    const [beforeCell] = (await cellsOf(db, [target.id], [input.course_alias])).get(target.id)!;
    await setManualCompletion(db, {
      userId: target.id,
      alias: input.course_alias,
      courseId: input.courseId ?? null,
      complete: input.complete,
      finishTime,
      recordedBy: caller.id,
    });
    const [afterCell] = (await cellsOf(db, [target.id], [input.course_alias])).get(target.id)!;
    await audit({
      action: input.complete ? 'course.complete_manual' : 'course.incomplete_manual',
      subjectType: 'user',
      subjectId: target.id,
      before: {
        course_alias: input.course_alias,
        complete: beforeCell?.complete ?? false,
        finish_time: beforeCell?.finish_time ?? null,
      },
      after: {
        course_alias: input.course_alias,
        complete: afterCell?.complete ?? false,
        finish_time: afterCell?.finish_time ?? null,
      },
    });
    const status = courseStatus(
      {
        assigned: (afterCell?.assigned ?? null) !== null,
        complete: afterCell?.complete ?? false,
        finishTime: afterCell?.finish_time ?? null,
        expiration: course?.expiration ?? 0,
      },
      now,
    ).status;
    return {
      user_id: target.id,
      course_alias: input.course_alias,
      complete: afterCell?.complete ?? false,
      finish_time: afterCell?.finish_time ?? null,
      status,
    };
  },
});

export const adminUsersApi: RouteDef[] = [
  addUser,
  updateUserData,
  deleteUser,
  resetPin,
  saveAdditionalCourses,
  addAdditionalCourse,
  removeAdditionalCourse,
  setCourseCompleteManual,
] as RouteDef[];

import { COUNTRIES, managerRoutes, type Country, type Language } from '@portal/shared';
import type { Db } from '../db/connect.js';
import {
  additionalHoldersByPosition,
  addAdditionalToDepartments,
  aliasLinksOnPositions,
  bundlePositionLinks,
  countExistingAdditional,
  countPeopleIn,
  coursePositionLinks,
  courseVersionsByIds,
  departmentsByAlias,
  findCourse,
  findInstructionBundle,
  findPositionByAlias,
  linkBundle,
  linkCourse,
  listCatalogue,
  listInstructionBundlesOf,
  listPositionsWithPeople,
  peopleInPosition,
  positionIdsOfBundle,
  positionIdsOfCourse,
  unlinkBundle,
  unlinkCourse,
} from '../db/manager.js';
import { invalidInput, notFound } from './errors.js';
import { route, type RouteDef } from './registry.js';

type CoursePositionGrid = managerRoutes.CoursePositionGrid;

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);

/**
 * People a switch of one course × position cell affects: nobody when the version is disabled or another
 * version of the same course is on the position anyway; otherwise the position's people, less those who
 * have the course as an additional course.
 */
export function affectedByCell(cell: {
  enabled: boolean;
  otherVersionOnPosition: boolean;
  people: number;
  additionalHolders: number;
}): number {
  if (!cell.enabled || cell.otherVersionOnPosition) return 0;
  return Math.max(0, cell.people - cell.additionalHolders);
}

/** The countries whose positions a language's versions go to: its own country; English: one or all. */
function countriesFor(language: Language, country: Country | undefined): Country[] {
  if (isCountry(language)) {
    if (country && country !== language) {
      throw invalidInput('The request is not valid.', {
        country: `A ${language} course version goes to positions in ${language} only.`,
      });
    }
    return [language];
  }
  return country ? [country] : [...COUNTRIES];
}

async function cellImpacts(
  db: Db,
  courses: { id: number; alias: string; status: string }[],
  positions: { id: number; people: number }[],
): Promise<Map<string, number>> {
  const aliases = [...new Set(courses.map((c) => c.alias))];
  const positionIds = positions.map((p) => p.id);
  const [links, holders] = await Promise.all([
    aliasLinksOnPositions(db, aliases, positionIds),
    additionalHoldersByPosition(db, aliases, positionIds),
  ]);
  const holdersOf = new Map(holders.map((h) => [`${h.position_id}:${h.alias}`, h.n]));
  const impacts = new Map<string, number>();
  for (const course of courses) {
    for (const position of positions) {
      const other = links.some(
        (l) => l.position_id === position.id && l.alias === course.alias && l.course_id !== course.id,
      );
      impacts.set(
        `${course.id}:${position.id}`,
        affectedByCell({
          enabled: course.status === 'enabled',
          otherVersionOnPosition: other,
          people: position.people,
          additionalHolders: holdersOf.get(`${position.id}:${course.alias}`) ?? 0,
        }),
      );
    }
  }
  return impacts;
}

export const getCoursePositions = route(managerRoutes.getCoursePositions, {
  allow: 'catalogue',
  async handler({ input, actor, db }): Promise<CoursePositionGrid> {
    // The spec makes this call without parameters: the caller's own language then.
    const language = input.language ?? actor.profile.language;
    const countries = countriesFor(language, input.country);
    const [positions, catalogue] = await Promise.all([
      listPositionsWithPeople(db, countries),
      listCatalogue(db, language),
    ]);
    const links = await coursePositionLinks(
      db,
      catalogue.map((c) => c.id),
    );
    const assigned = new Set(links.map((l) => `${l.course_id}:${l.position_id}`));
    const impacts = await cellImpacts(db, catalogue, positions);
    return {
      language,
      positions,
      courses: catalogue.map(({ id, alias, name, course_type, status }) => ({ id, alias, name, course_type, status })),
      cells: catalogue.flatMap((course) =>
        positions.map((position) => {
          const key = `${course.id}:${position.id}`;
          return {
            course_id: course.id,
            position_id: position.id,
            assigned: assigned.has(key),
            affected: impacts.get(key) ?? 0,
          };
        }),
      ),
    };
  },
});

type CoursePositionInput = {
  courseId: number;
  courseAlias: string;
  position: string;
  language: Language;
  country?: Country | undefined;
};

/** The course version and position a change names, each checked against the other fields. */
async function resolveCoursePosition(db: Db, input: CoursePositionInput) {
  const course = await findCourse(db, input.courseId);
  if (!course) throw notFound('No such course.');
  if (course.alias !== input.courseAlias || course.language !== input.language) {
    throw invalidInput('The request is not valid.', {
      courseAlias: `Course ${input.courseId} is "${course.alias}" in ${course.language}, not "${input.courseAlias}" in ${input.language}.`,
    });
  }
  const countries = countriesFor(input.language, input.country);
  if (countries.length !== 1) {
    throw invalidInput('The request is not valid.', {
      country: 'Say which country’s position an English course goes to.',
    });
  }
  const position = await findPositionByAlias(db, input.position, countries[0]!);
  if (!position) throw notFound(`No position "${input.position}" in ${countries[0]}.`);
  return { course, position };
}

function coursePositionChange(mode: 'add' | 'remove') {
  return async ({
    input,
    db,
    audit,
  }: {
    input: CoursePositionInput;
    db: Db;
    audit: (entry: {
      action: string;
      subjectType: string;
      subjectId: number;
      before: unknown;
      after: unknown;
    }) => Promise<void>;
  }) => {
    const { course, position } = await resolveCoursePosition(db, input);
    const people = await peopleInPosition(db, position.id);
    // Measured before the change, so "another version on the position" ignores this version.
    const impacts = await cellImpacts(db, [course], [{ id: position.id, people }]);
    const before = await positionIdsOfCourse(db, course.id);
    const changed =
      mode === 'add' ? await linkCourse(db, course.id, position.id) : await unlinkCourse(db, course.id, position.id);
    if (!changed) return { changed: false, affected: 0 };
    const affected = impacts.get(`${course.id}:${position.id}`) ?? 0;
    await audit({
      action: mode === 'add' ? 'course.position.add' : 'course.position.remove',
      subjectType: 'course',
      subjectId: course.id,
      before: { alias: course.alias, language: course.language, position_ids: before },
      after: {
        alias: course.alias,
        language: course.language,
        position_ids: await positionIdsOfCourse(db, course.id),
        position: `${position.country}:${position.alias}`,
        affected,
      },
    });
    return { changed: true, affected };
  };
}

export const addCourseToPosition = route(managerRoutes.addCourseToPosition, {
  allow: 'catalogue',
  writes: true,
  handler: coursePositionChange('add'),
});

export const removeCourseFromPosition = route(managerRoutes.removeCourseFromPosition, {
  allow: 'catalogue',
  writes: true,
  handler: coursePositionChange('remove'),
});

/* ---------- instruction bundles ---------- */

export const getInstructionPositions = route(managerRoutes.getInstructionPositions, {
  allow: 'catalogue',
  async handler({ input, actor, db }) {
    // The spec makes this call without parameters: the caller's own country then.
    const country = input.country ?? COUNTRIES.find((c) => c === actor.country);
    if (!country) throw invalidInput('The request is not valid.', { country: 'Choose a country.' });
    const [positions, bundles] = await Promise.all([
      listPositionsWithPeople(db, [country]),
      listInstructionBundlesOf(db, country),
    ]);
    const links = await bundlePositionLinks(
      db,
      bundles.map((b) => b.id),
    );
    return {
      country,
      positions,
      bundles: bundles.map((b) => ({
        bundleId: b.id,
        category_name: b.category_name,
        mandatory: b.mandatory === 1,
        completion_type: b.completion_type,
      })),
      assignments: links,
    };
  },
});

function bundlePositionChange(mode: 'add' | 'remove') {
  return async ({
    input,
    db,
    audit,
  }: {
    input: { bundleId: number; position: string };
    db: Db;
    audit: (entry: {
      action: string;
      subjectType: string;
      subjectId: number;
      before: unknown;
      after: unknown;
    }) => Promise<void>;
  }) => {
    const bundle = await findInstructionBundle(db, input.bundleId);
    if (!bundle) throw notFound('No such instruction bundle.');
    const position = await findPositionByAlias(db, input.position, bundle.country);
    if (!position) throw notFound(`No position "${input.position}" in ${bundle.country}, the bundle’s country.`);
    const before = await positionIdsOfBundle(db, bundle.id);
    const changed =
      mode === 'add' ? await linkBundle(db, bundle.id, position.id) : await unlinkBundle(db, bundle.id, position.id);
    if (!changed) return { changed: false, affected: 0 };
    const affected = await peopleInPosition(db, position.id);
    await audit({
      action: mode === 'add' ? 'instruction.position.add' : 'instruction.position.remove',
      subjectType: 'bundle',
      subjectId: bundle.id,
      before: { position_ids: before },
      after: {
        position_ids: await positionIdsOfBundle(db, bundle.id),
        position: `${position.country}:${position.alias}`,
        affected,
      },
    });
    return { changed: true, affected };
  };
}

export const addInstructionToPosition = route(managerRoutes.addInstructionToPosition, {
  allow: 'catalogue',
  writes: true,
  handler: bundlePositionChange('add'),
});

export const removeInstructionFromPosition = route(managerRoutes.removeInstructionFromPosition, {
  allow: 'catalogue',
  writes: true,
  handler: bundlePositionChange('remove'),
});

/* ---------- additional courses for whole departments ---------- */

async function resolveAddCourses(db: Db, input: { course_ids: number[]; departments: string[] }) {
  const ids = [...new Set(input.course_ids)];
  const versions = await courseVersionsByIds(db, ids);
  const missing = ids.filter((id) => !versions.some((v) => v.id === id));
  if (missing.length > 0) {
    throw invalidInput('The request is not valid.', { course_ids: `No course with id ${missing.join(', ')}.` });
  }
  const disabled = versions.filter((v) => v.status !== 'enabled');
  if (disabled.length > 0) {
    throw invalidInput('The request is not valid.', {
      course_ids: `Disabled courses cannot be given: ${disabled.map((v) => v.alias).join(', ')}.`,
    });
  }
  const wanted = [...new Set(input.departments)];
  const departments = await departmentsByAlias(db, wanted);
  const unknown = wanted.filter((alias) => !departments.some((d) => d.alias === alias));
  if (unknown.length > 0) {
    throw invalidInput('The request is not valid.', { departments: `No department ${unknown.join(', ')}.` });
  }
  const aliases = [...new Set(versions.map((v) => v.alias))].sort();
  const departmentIds = departments.map((d) => d.id);
  const people = await countPeopleIn(db, departmentIds);
  const existing = await countExistingAdditional(db, departmentIds, aliases);
  return { aliases, departmentIds, people, existing, departmentAliases: departments.map((d) => d.alias).sort() };
}

export const addCoursesImpact = route(managerRoutes.addCoursesImpact, {
  allow: 'catalogue',
  async handler({ input, db }) {
    const r = await resolveAddCourses(db, input);
    return {
      courses: r.aliases,
      departments: r.departmentIds.length,
      people: r.people,
      added: r.people * r.aliases.length - r.existing,
    };
  },
});

export const addCourses = route(managerRoutes.addCourses, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, actor, db, audit }) {
    const r = await resolveAddCourses(db, input);
    await addAdditionalToDepartments(db, r.departmentIds, r.aliases, actor.id);
    const after = await countExistingAdditional(db, r.departmentIds, r.aliases);
    const added = after - r.existing;
    await audit({
      action: 'courses.add_to_departments',
      subjectType: 'departments',
      subjectId: r.departmentAliases.join(',').slice(0, 500),
      before: { courses: r.aliases, departments: r.departmentAliases, additional_pairs: r.existing },
      after: { courses: r.aliases, departments: r.departmentAliases, additional_pairs: after, added },
    });
    return { courses: r.aliases, departments: r.departmentIds.length, people: r.people, added };
  },
});

export const managerPositionsApi: RouteDef[] = [
  getCoursePositions,
  addCourseToPosition,
  removeCourseFromPosition,
  getInstructionPositions,
  addInstructionToPosition,
  removeInstructionFromPosition,
  addCoursesImpact,
  addCourses,
] as RouteDef[];

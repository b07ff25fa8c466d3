import type { Db } from '../src/db/connect.js';
import { loadSubjects, type CourseSubject } from '../src/db/course-lists.js';

/** The course subjects of the demo people with these logins, in the order given. */
export async function subjectsByLogin(db: Db, ...logins: string[]): Promise<CourseSubject[]> {
  const users = await db.selectFrom('users').select(['id', 'login']).where('login', 'in', logins).execute();
  const idOf = new Map(users.map((user) => [user.login, user.id]));
  return loadSubjects(
    db,
    logins.flatMap((login) => idOf.get(login) ?? []),
  );
}

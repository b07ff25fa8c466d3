import type { HttpMethod, RouteContract } from './contract.js';
import type * as admin from './routes/admin.js';
import type * as auth from './routes/auth.js';
import type * as content from './routes/content.js';
import type * as courses from './routes/courses.js';
import type * as goals from './routes/goals.js';
import type * as home from './routes/home.js';
import type * as manager from './routes/manager.js';
import type * as system from './routes/system.js';

type ContractsOf<M> = { [K in keyof M]: M[K] extends RouteContract ? M[K] : never }[keyof M];

/** Every call contract, as a type only: the web client names calls without loading their schemas. */
export type AnyContract =
  | ContractsOf<typeof auth>
  | ContractsOf<typeof goals>
  | ContractsOf<typeof courses>
  | ContractsOf<typeof content>
  | ContractsOf<typeof admin>
  | ContractsOf<typeof manager>
  | ContractsOf<typeof home>
  | ContractsOf<typeof system>;

export type RouteName<M extends HttpMethod = HttpMethod> = Extract<AnyContract, { method: M }>['name'];
export type ContractNamed<N extends string> = Extract<AnyContract, { name: N }>;

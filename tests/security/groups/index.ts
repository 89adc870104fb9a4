import type { Environment } from "../environment";
import type { App, Tally } from "../harness";

export type GroupContext = { app: App; env: Environment; tally: Tally };
export type Group = { name: string; run: (context: GroupContext) => Promise<void> };

/** In order: the groups that change passwords or spend budgets run after those that sign in. */
export const GROUPS: Group[] = [];

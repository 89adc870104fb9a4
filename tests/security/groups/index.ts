import type { Environment } from "../environment";
import type { App, Tally } from "../harness";
import { accessMatrixGroup } from "./access-matrix";
import { contractGroup } from "./contract";
import { crossSite } from "./cross-site";
import { embeddedDemoGroup } from "./embedded-demo";
import { fuzzGroup } from "./fuzz";
import { payments } from "./payments";
import { sessionsGroup } from "./sessions";
import { signInGroup } from "./sign-in";
import { uploads } from "./uploads";

export type GroupContext = { app: App; env: Environment; tally: Tally };
export type Group = {
  name: string;
  run: (context: GroupContext) => Promise<void>;
};

/**
 * In order. "sessions" changes the passwords of liam_obrien, fatima_ali, noah_martin and
 * sofia_rossi, and "sign-in" signs in as maya_chen: the other groups use other accounts.
 * "contract" and "fuzz" run last: a valid request (or a hostile value that happens to be valid)
 * may change demo data.
 */
export const GROUPS: Group[] = [
  { name: "sign-in", run: signInGroup },
  { name: "sessions", run: sessionsGroup },
  { name: "access-matrix", run: accessMatrixGroup },
  crossSite,
  uploads,
  payments,
  { name: "contract", run: contractGroup },
  { name: "fuzz", run: fuzzGroup },
  { name: "embedded-demo", run: embeddedDemoGroup },
];

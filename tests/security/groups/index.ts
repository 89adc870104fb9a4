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
/** `optIn`: runs only when named in `--only` (a group still being brought to 0 failures). */
export type Group = {
  name: string;
  run: (context: GroupContext) => Promise<void>;
  optIn?: true;
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
  // Opt-in until its last mismatches are settled (issue 43, item 4): `--only contract`.
  { name: "contract", run: contractGroup, optIn: true },
  { name: "fuzz", run: fuzzGroup },
  { name: "embedded-demo", run: embeddedDemoGroup },
];

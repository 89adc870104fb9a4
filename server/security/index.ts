import "server-only";

// What other domains may use.
export { recordSignIn, type RecordSignInInput } from "./record-sign-in";
export {
  readClientAddress,
  readClientInfo,
  type ClientInfo,
  type ApproximatePlace,
} from "./client-info";
export { blockAccess, type BlockedAccess } from "./block-access";

import "server-only";

// What other domains may use.
export { registerCustomer } from "./register-customer";
export { findReferrer, findResellerIdByKey, registerMerchant } from "./register-merchant";
export {
  REGISTERED_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  type RegisteredMember,
} from "./register-member";

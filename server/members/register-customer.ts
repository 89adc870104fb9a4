import "server-only";
import type { CustomerRegistration } from "@/lib/validation/accounts";
import type { Db } from "@/server/db/client";
import { insertNewMember, type RegisteredMember } from "./register-member";

/**
 * Registers a customer from input parsed with `customerRegistrationSchema` (currency follows the
 * country). Sends the welcome mail.
 *
 * @throws AppError validation with `username` and/or `email` when already taken.
 */
export function registerCustomer(db: Db, input: CustomerRegistration): Promise<RegisteredMember> {
  return insertNewMember(db, {
    memberType: "customer",
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    country: input.country,
    currency: input.currency,
    email: input.email,
    password: input.password,
  });
}

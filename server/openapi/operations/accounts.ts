import { z } from "zod";
import { signInSchema } from "@/lib/auth/login-schema";
import {
  customerRegistrationSchema,
  forgotPasswordSchema,
  merchantRegistrationSchema,
  resetPasswordSchema,
  securityBlockSchema,
} from "@/lib/validation/accounts";
import { checkoutOptionsSchema } from "@/lib/validation/checkout";
import { localLocationSchema } from "@/lib/validation/location";
import {
  customerProfileSchema,
  merchantProfileSchema,
  notificationSettingSchema,
  passwordChangeSchema,
  profileImageSchema,
} from "@/lib/validation/profile";
import { AVATAR_FIELD } from "@/server/members/update-avatar";
import { notificationLinkSchema } from "@/server/notifications/change-by-link";
import type { Operation } from "../types";
import { body, created, json, MEMBER, MERCHANT, PUBLIC, redirect, text, upload } from "./shared";

/**
 * next-auth parses its own endpoints' bodies (form or JSON); these describe the fields it reads
 * (docs/api.md "GET, POST /api/auth/*"), so clients and the fuzzer know what to send.
 */
const nextAuthCredentialsBody = z.object({
  login: z.string(),
  password: z.string(),
  csrfToken: z.string(),
  callbackUrl: z.string().optional(),
  json: z.string().optional(),
});
const nextAuthSignOutBody = z.object({
  csrfToken: z.string(),
  callbackUrl: z.string().optional(),
  json: z.string().optional(),
});
const nextAuthForm = ["application/x-www-form-urlencoded", "application/json"] as const;

/** The register call also reads `recipientToken` beside the schema, and checks it in the service. */
const recipientTokenBody = z.object({ recipientToken: z.string().optional() });

const linkBody = body(
  notificationLinkSchema,
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
);

/** Sign-up, sign-in, sessions, the member's own settings and the shell's per-viewer calls. */
export const ACCOUNT_OPERATIONS: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/health",
    summary: "200 once the database answers (readiness check)",
    access: PUBLIC,
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This OpenAPI 3.1 document, generated from the handlers' zod schemas",
    access: PUBLIC,
  },
  {
    method: "GET",
    path: "/api/auth/csrf",
    summary: "next-auth: the CSRF token its POST calls need",
    access: PUBLIC,
  },
  {
    method: "GET",
    path: "/api/auth/providers",
    summary: "next-auth: the sign-in providers (credentials only)",
    access: PUBLIC,
  },
  {
    method: "GET",
    path: "/api/auth/session",
    summary: "next-auth: the session of the `_token` cookie, `{}` for a visitor",
    access: PUBLIC,
  },
  {
    method: "POST",
    path: "/api/auth/callback/credentials",
    summary: "next-auth: sign in with login and password (sets the login cookies)",
    access: PUBLIC,
    body: body(nextAuthCredentialsBody, ...nextAuthForm),
  },
  {
    method: "POST",
    path: "/api/auth/signout",
    summary: "next-auth: sign out, ending every session like /api/users/logout",
    access: PUBLIC,
    body: body(nextAuthSignOutBody, ...nextAuthForm),
  },
  {
    method: "POST",
    path: "/api/users/register",
    summary: "A customer signs up; a taken email gets the same answer",
    access: PUBLIC,
    body: json(z.intersection(customerRegistrationSchema, recipientTokenBody)),
    responses: created("Registered (or the email was taken: the same answer)"),
  },
  {
    method: "POST",
    path: "/api/merchants/register",
    summary: "A farmer signs up, optionally through a reseller's `ak` link",
    access: PUBLIC,
    body: json(merchantRegistrationSchema),
    responses: created("Registered (or the email was taken: the same answer)"),
  },
  {
    method: "POST",
    path: "/api/users/login",
    summary: "Sign in with email or username and password; the token also works as a bearer token",
    access: PUBLIC,
    body: json(signInSchema),
  },
  {
    method: "POST",
    path: "/api/users/logout",
    summary: "End every session of the member and clear the login cookies",
    access: PUBLIC,
  },
  {
    method: "POST",
    path: "/api/users/forgotPassword",
    summary: "Mail a reset link; the same answer whether or not the email exists",
    access: PUBLIC,
    body: json(forgotPasswordSchema),
  },
  {
    method: "POST",
    path: "/api/users/resetPassword",
    summary: "Set a new password from a reset link; ends every session",
    access: PUBLIC,
    body: json(resetPasswordSchema),
  },
  {
    method: "POST",
    path: "/api/securities/block",
    summary: "Block a recorded sign-in from the emailed link (the accessId is the credential)",
    access: PUBLIC,
    body: json(securityBlockSchema),
  },
  {
    method: "GET",
    path: "/api/profile",
    summary: "The signed-in member's own profile",
    access: MEMBER,
  },
  {
    method: "POST",
    path: "/api/profile",
    summary: "Save the member's details (the schema of the caller's member type)",
    access: MEMBER,
    body: json(z.union([customerProfileSchema, merchantProfileSchema])),
  },
  {
    method: "POST",
    path: "/api/profile/avatar",
    summary: "Replace the profile image (avatarImage, JPEG or PNG, 8 MB)",
    access: MEMBER,
    body: upload(profileImageSchema, [AVATAR_FIELD]),
  },
  {
    method: "POST",
    path: "/api/settings/password",
    summary: "Change the password; every other session of the member ends",
    access: MEMBER,
    body: json(passwordChangeSchema),
  },
  {
    method: "GET",
    path: "/api/settings/notifications",
    summary: "The member's email preferences",
    access: MEMBER,
  },
  {
    method: "POST",
    path: "/api/settings/notifications",
    summary: "Turn one type of email on or off",
    access: MEMBER,
    body: json(notificationSettingSchema),
  },
  {
    method: "POST",
    path: "/api/settings/checkoutOptions",
    summary: "A merchant chooses pay in person and/or pay by card",
    access: MERCHANT,
    body: json(checkoutOptionsSchema),
  },
  {
    method: "POST",
    path: "/api/notifications/unsubscribe",
    summary: "Turn one type of email off, from a signed link",
    access: PUBLIC,
    body: linkBody,
  },
  {
    method: "POST",
    path: "/api/notifications/subscribe",
    summary: "Turn one type of email back on, from a signed link",
    access: PUBLIC,
    body: linkBody,
  },
  {
    method: "POST",
    path: "/api/notifications/unsubscribe/{type}/{userId}",
    summary: "RFC 8058 one-click unsubscribe from a mail (the signed link is the credential)",
    access: PUBLIC,
    pathParams: {
      type: notificationLinkSchema.shape.type,
      userId: notificationLinkSchema.shape.userId,
    },
    query: [{ sig: notificationLinkSchema.shape.sig }],
  },
  {
    method: "GET",
    path: "/api/notifications/unsubscribe/{type}/{userId}",
    summary: "Send a person to the unsubscribe page (changes nothing)",
    access: PUBLIC,
    pathParams: { type: text(), userId: text() },
    query: [{ sig: text().optional() }],
    responses: redirect("To the unsubscribe page"),
  },
  {
    method: "GET",
    path: "/api/viewer",
    summary: "What the page shell shows per viewer, and on a product page their own review",
    access: PUBLIC,
    query: [{ product: text().optional() }],
  },
  {
    method: "GET",
    path: "/api/location",
    summary: "The viewer's My Local setting, or null",
    access: PUBLIC,
  },
  {
    method: "POST",
    path: "/api/location",
    summary: "Save My Local (customers in the database, visitors in cookies)",
    access: PUBLIC,
    body: json(localLocationSchema),
  },
  {
    method: "DELETE",
    path: "/api/location",
    summary: "Forget My Local",
    access: PUBLIC,
  },
];

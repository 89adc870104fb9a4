/**
 * What a new connected account looks like: its controller (from `type` or the `controller`
 * parameters), its capabilities, its default currency, and the requirements Stripe asks of it before
 * onboarding. Cross-border rules live here too: a platform reaches accounts in another country only
 * under the `recipient` service agreement, and only inside Stripe's cross-border regions.
 */
import { invalidParam, invalidRequest } from "./errors";
import { readBool, readObject, readString, type Params } from "./form";
import type { Json } from "./objects";

const EEA = [
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IS", "IE", "IT",
  "LV", "LI", "LT", "LU", "MT", "NL", "NO", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
]; // prettier-ignore

/** Platforms in the US, UK, EEA, Canada or Switzerland may pay accounts in any of these. */
const CROSS_BORDER_REGION = new Set(["US", "GB", "CA", "CH", ...EEA]);

const CURRENCIES: Record<string, string> = {
  CA: "cad", US: "usd", GB: "gbp", CH: "chf", DK: "dkk", SE: "sek", NO: "nok", PL: "pln",
  CZ: "czk", HU: "huf", RO: "ron", BG: "bgn", IS: "isk", AU: "aud", NZ: "nzd", JP: "jpy",
}; // prettier-ignore

export function defaultCurrency(country: string): string {
  return CURRENCIES[country] ?? (EEA.includes(country) ? "eur" : "usd");
}

const ACCOUNT_TYPES = ["express", "standard", "custom"] as const;
type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The controller each legacy account type stands for, as Stripe reports it. */
const CONTROLLER_OF: Record<AccountType, Json> = {
  express: {
    fees: { payer: "application_express" },
    losses: { payments: "application" },
    requirement_collection: "stripe",
    stripe_dashboard: { type: "express" },
  },
  standard: {
    fees: { payer: "account" },
    losses: { payments: "stripe" },
    requirement_collection: "stripe",
    stripe_dashboard: { type: "full" },
  },
  custom: {
    fees: { payer: "application_custom" },
    losses: { payments: "application" },
    requirement_collection: "application",
    stripe_dashboard: { type: "none" },
  },
};

function oneOf(value: string | undefined, allowed: readonly string[], param: string) {
  if (value !== undefined && !allowed.includes(value)) {
    throw invalidParam(param, `Invalid ${param}: must be one of ${allowed.join(", ")}`);
  }
  return value;
}

/** `type` and `controller` of a new account: one of the two, as Stripe asks. */
export function readController(params: Params): { type: string; controller: Json } {
  const type = oneOf(readString(params, "type"), ACCOUNT_TYPES, "type") as AccountType | undefined;
  const given = readObject(params, "controller");
  if (type && given) {
    throw invalidRequest(
      "You cannot specify both `type` and `controller` when creating an account.",
      {
        param: "controller",
      },
    );
  }
  const base = { is_controller: true, type: "application" };
  if (type) return { type, controller: { ...CONTROLLER_OF[type], ...base } };
  if (!given) {
    throw invalidRequest("You must specify either `type` or `controller` to create an account.", {
      param: "type",
    });
  }
  const read = (hash: string, key: string, allowed: readonly string[], fallback: string) => {
    const value = readString(readObject(given, hash) ?? {}, key, `controller[${hash}][${key}]`);
    return oneOf(value, allowed, `controller[${hash}][${key}]`) ?? fallback;
  };
  const dashboard = read("stripe_dashboard", "type", ["express", "full", "none"], "full");
  const payer = read("fees", "payer", ["account", "application"], "account");
  const losses = read("losses", "payments", ["application", "stripe"], "stripe");
  const collection =
    oneOf(
      readString(given, "requirement_collection", "controller[requirement_collection]"),
      ["application", "stripe"],
      "controller[requirement_collection]",
    ) ?? "stripe";
  const controller: Json = {
    fees: {
      payer:
        payer === "application" && dashboard !== "full"
          ? `application_${dashboard === "express" ? "express" : "custom"}`
          : payer,
    },
    losses: { payments: losses },
    requirement_collection: collection,
    stripe_dashboard: { type: dashboard },
    ...base,
  };
  const legacy = ACCOUNT_TYPES.find(
    (t) => JSON.stringify({ ...CONTROLLER_OF[t], ...base }) === JSON.stringify(controller),
  );
  return { type: legacy ?? "none", controller };
}

/** Requested capabilities, each "inactive" until onboarding (`capabilities[x][requested]=true`). */
export function readCapabilities(params: Params): Record<string, string> {
  const given = readObject(params, "capabilities") ?? {};
  const capabilities: Record<string, string> = {};
  for (const name of Object.keys(given)) {
    const param = `capabilities[${name}]`;
    const requested = readBool(
      readObject(given, name, param) ?? {},
      "requested",
      `${param}[requested]`,
    );
    if (requested) capabilities[name] = "inactive";
  }
  return capabilities;
}

/**
 * The service agreement, checked against the platform's country: an account abroad must be a
 * recipient inside the cross-border regions, and a recipient never takes card payments.
 */
export function checkServiceAgreement(
  agreement: string,
  country: string,
  platformCountry: string,
  capabilities: Record<string, string>,
): void {
  oneOf(agreement, ["full", "recipient"], "tos_acceptance[service_agreement]");
  if (agreement === "recipient" && "card_payments" in capabilities) {
    throw invalidRequest(
      "Accounts under the `recipient` service agreement cannot request the `card_payments` capability. Request only `transfers`, or use the `full` service agreement.",
      { param: "capabilities[card_payments]" },
    );
  }
  if (country === platformCountry) return;
  if (!CROSS_BORDER_REGION.has(country) || !CROSS_BORDER_REGION.has(platformCountry)) {
    throw invalidParam(
      "country",
      `Your platform in ${platformCountry} cannot create connected accounts in ${country}: cross-border payouts are only available between the US, UK, EEA, Canada and Switzerland.`,
    );
  }
  if (agreement !== "recipient") {
    throw invalidRequest(
      `Connected accounts in ${country} cannot be created by a platform in ${platformCountry} under the \`full\` service agreement. Cross-border payouts need \`tos_acceptance[service_agreement]=recipient\`.`,
      { param: "tos_acceptance[service_agreement]" },
    );
  }
}

const INDIVIDUAL_DUE = [
  "individual.address.city",
  "individual.address.line1",
  "individual.address.postal_code",
  "individual.dob.day",
  "individual.dob.month",
  "individual.dob.year",
  "individual.email",
  "individual.first_name",
  "individual.last_name",
  "individual.phone",
];
const COMPANY_DUE = [
  "company.address.city",
  "company.address.line1",
  "company.address.postal_code",
  "company.name",
  "company.phone",
  "company.tax_id",
  "representative.first_name",
  "representative.last_name",
];

/**
 * What a fresh account still owes, as Stripe lists it: everything is due now and, since nothing is
 * enabled yet, past due too (`disabled_reason: "requirements.past_due"`).
 */
export function initialRequirements(
  businessType: string | null,
  capabilities: Record<string, string>,
): Json {
  const due = [
    ...(businessType ? [] : ["business_type"]),
    ...(businessType === "company" ? COMPANY_DUE : INDIVIDUAL_DUE),
    ...("card_payments" in capabilities ? ["business_profile.mcc", "business_profile.url"] : []),
    "external_account",
    "tos_acceptance.date",
    "tos_acceptance.ip",
  ].sort();
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: "requirements.past_due",
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

export const NOTHING_DUE: Json = {
  alternatives: [],
  current_deadline: null,
  currently_due: [],
  disabled_reason: null,
  errors: [],
  eventually_due: [],
  past_due: [],
  pending_verification: [],
};

/** /v1/customers: create, retrieve, update, delete, list, and a customer's saved cards. */
import {
  attachPaymentMethod,
  customerPaymentMethod,
  resolvePaymentMethod,
} from "./card-payment-methods";
import { readObject, readString, type Params } from "./form";
import {
  expandOf,
  listAnswer,
  mergeMetadata,
  pickHash,
  pickStrings,
  render,
  type Json,
} from "./objects";
import { listCustomerPaymentMethods } from "./payment-methods";
import type { Route } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";

const STRING_FIELDS = ["email", "name", "description", "phone"] as const;
const ACCEPTS = [
  ...STRING_FIELDS,
  "metadata",
  "address",
  "shipping",
  "invoice_settings",
  "payment_method",
  "preferred_locales",
];

/** The fields a create or update sets, from its parameters. */
function changes(state: FakeState, current: StripeObject | undefined, params: Params): Json {
  const patch: Json = { ...pickStrings(params, STRING_FIELDS) };
  if (params.metadata !== undefined)
    patch.metadata = mergeMetadata(current?.metadata, params.metadata);
  for (const hash of ["address", "shipping"]) {
    if (params[hash] !== undefined)
      patch[hash] = params[hash] === "" ? null : pickHash(params, hash);
  }
  const invoiceSettings = readObject(params, "invoice_settings");
  if (invoiceSettings) {
    const defaultPm = readString(
      invoiceSettings,
      "default_payment_method",
      "invoice_settings[default_payment_method]",
    );
    // The default card must be one of the customer's (checked after `payment_method` on create).
    if (defaultPm && current) checkDefaultCard(state, current.id, defaultPm);
    patch.invoice_settings = {
      ...(current?.invoice_settings as Json | undefined),
      ...(defaultPm !== undefined ? { default_payment_method: defaultPm || null } : {}),
    };
  }
  return patch;
}

const checkDefaultCard = (state: FakeState, customerId: string, pmId: string) =>
  customerPaymentMethod(state, customerId, pmId, "invoice_settings[default_payment_method]");

export const customerRoutes: Route[] = [
  {
    // POST /v1/customers – a new customer (emits customer.created)
    method: "POST",
    pattern: "/v1/customers",
    accepts: ACCEPTS,
    handler: ({ state, params, request }) => {
      const customer = state.store.insert("customer", {
        address: null,
        balance: 0,
        currency: null,
        customer_account: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: null,
        invoice_prefix: Math.random().toString(16).slice(2, 10).toUpperCase(),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        metadata: {},
        name: null,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
        ...changes(state, undefined, params),
      });
      const pmId = readString(params, "payment_method");
      if (pmId) attachPaymentMethod(state, resolvePaymentMethod(state, pmId), customer.id, request);
      const settings = customer.invoice_settings as { default_payment_method: string | null };
      if (settings.default_payment_method)
        checkDefaultCard(state, customer.id, settings.default_payment_method);
      state.emit("customer.created", customer, request);
      return render(state.store, customer, expandOf(params));
    },
  },
  {
    // GET /v1/customers?email=... – newest first
    method: "GET",
    pattern: "/v1/customers",
    handler: ({ state, params }) => {
      const email = readString(params, "email");
      const customers = state.store.all("customer").filter((c) => !email || c.email === email);
      return listAnswer(state.store, customers, params, "/v1/customers");
    },
  },
  {
    // GET /v1/customers/:id
    method: "GET",
    pattern: "/v1/customers/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("customer", id, "id"), expandOf(params)),
  },
  {
    // POST /v1/customers/:id – update (emits customer.updated with previous_attributes)
    method: "POST",
    pattern: "/v1/customers/:id",
    accepts: ACCEPTS.filter((name) => name !== "payment_method"),
    handler: ({ state, id, params, request }) => {
      const customer = state.store.getOrThrow("customer", id, "id");
      const patch = changes(state, customer, params);
      const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, customer[key]]));
      state.store.update(customer, patch);
      state.emit("customer.updated", customer, request, previous);
      return render(state.store, customer, expandOf(params));
    },
  },
  {
    // DELETE /v1/customers/:id – Stripe answers a stub `{id, object, deleted: true}`
    method: "DELETE",
    pattern: "/v1/customers/:id",
    handler: ({ state, id, request }) => {
      const customer = state.store.getOrThrow("customer", id, "id");
      state.store.remove("customer", id);
      state.emit("customer.deleted", customer, request);
      return { id, object: "customer", deleted: true };
    },
  },
  {
    // GET /v1/customers/:id/payment_methods?type=card – the customer's saved cards
    method: "GET",
    pattern: "/v1/customers/:id/payment_methods",
    handler: ({ state, id, params }) => {
      state.store.getOrThrow("customer", id, "id");
      return listCustomerPaymentMethods(state, id, params, `/v1/customers/${id}/payment_methods`);
    },
  },
];

/**
 * What card payment tests share: a farm selling by card, a customer with a cart, and the browser's
 * part of a payment (Stripe.js confirming a card) played against the Stripe fake.
 */
import { deliverySchema, type Delivery } from "@/lib/validation/checkout";
import type { Db } from "@/server/db/client";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import type { StripeFake } from "@/tests/stripe-fake";
import { AppError } from "@/server/errors";
import type { CardCheckout } from "@/server/checkout/start-card-checkout";
import { postAsBrowser } from "@/tests/stripe-fake/test-support";

export const CARDS = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  declined: "4000000000000002",
  threeDSecure: "4000002760003184",
} as const;

export function storePickup(member: Member): Delivery {
  return deliverySchema.parse({
    deliveryDestination: "store",
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    phone: "4165550142",
  });
}

/** A farm with a payout account and two products sold by card, and a customer with both in the cart. */
export async function cardShop(db: Db, { qty = [2, 1] }: { qty?: [number, number] } = {}) {
  const farmer = await createMerchant(db, { payByCard: true, payoutAcctSet: true });
  const products: Product[] = [
    await createProduct(db, { merchantId: farmer.id, unitPriceCents: 450, payByCard: true }),
    await createProduct(db, { merchantId: farmer.id, unitPriceCents: 1299, payByCard: true }),
  ];
  const customer = await createCustomer(db);
  await createCartItem(db, { memberId: customer.id, productId: products[0]!.id, qty: qty[0] });
  await createCartItem(db, { memberId: customer.id, productId: products[1]!.id, qty: qty[1] });
  const totalCents = 450 * qty[0] + 1299 * qty[1];
  return { farmer, products, customer, delivery: storePickup(customer), totalCents };
}

/** The PaymentIntent id inside a client secret. */
export const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

/** Stripe.js confirming the intent in the browser: a typed card, or a saved card's id. */
export async function payAsBrowser(
  fake: StripeFake,
  clientSecret: string,
  card: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const params: Record<string, string> = card.startsWith("pm_")
    ? { payment_method: card }
    : {
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": card,
        "payment_method_data[card][exp_month]": "12",
        "payment_method_data[card][exp_year]": "2040",
        "payment_method_data[card][cvc]": "123",
      };
  return postAsBrowser(fake, `/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, {
    client_secret: clientSecret,
    return_url: "http://localhost:3000/checkout/by_card/payment",
    ...params,
  });
}

/** The card checkout's answer when it awaits payment (anything else fails the test). */
export function awaiting(checkout: CardCheckout) {
  if (checkout.state !== "awaiting_payment") throw new Error(`checkout is ${checkout.state}`);
  return checkout;
}

/** The AppError a call was refused with (anything else fails the test). */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

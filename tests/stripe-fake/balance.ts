/**
 * GET /v1/balance: the platform's balance, or with `Stripe-Account: acct_...` a connected
 * account's. Only what the fake moves is counted, per currency:
 * - platform available: what a test funded (`fundPlatformBalance`) less transfers drawn on it;
 * - platform pending: succeeded charges less refunds, less transfers funded from them
 *   (`source_transaction`), since test-mode charges are never settled here;
 * - an account's pending: transfers to it funded from a charge (they wait for that charge);
 *   its available: other transfers to it. Reversals take back from both sides.
 */
import { defaultCurrency } from "./account-shape";
import type { Route } from "./router";
import type { FakeState } from "./state";
import { netOf, platformAvailable } from "./transfers";

type Amounts = Map<string, number>;

const add = (amounts: Amounts, currency: string, amount: number) =>
  amounts.set(currency, (amounts.get(currency) ?? 0) + amount);

const entries = (amounts: Amounts) =>
  [...amounts].map(([currency, amount]) => ({ amount, currency, source_types: { card: amount } }));

function platformBalance(state: FakeState) {
  const home = defaultCurrency(state.platformCountry);
  const pending: Amounts = new Map([[home, 0]]);
  const currencies = new Set([home, ...Object.keys(state.store.secret("platform_balance"))]);
  for (const charge of state.store.all("charge")) {
    if (charge.status !== "succeeded") continue;
    add(pending, String(charge.currency), Number(charge.amount) - Number(charge.amount_refunded));
  }
  for (const transfer of state.store.all("transfer")) {
    currencies.add(String(transfer.currency));
    if (transfer.source_transaction) add(pending, String(transfer.currency), -netOf(transfer));
  }
  const available: Amounts = new Map([...currencies].map((c) => [c, platformAvailable(state, c)]));
  return {
    object: "balance",
    available: entries(available),
    connect_reserved: [...available.keys()].map((currency) => ({ amount: 0, currency })),
    livemode: false,
    pending: entries(pending),
  };
}

function accountBalance(state: FakeState, accountId: string) {
  const account = state.store.getOrThrow("account", accountId, "account");
  const home = String(account.default_currency);
  const available: Amounts = new Map([[home, 0]]);
  const pending: Amounts = new Map([[home, 0]]);
  for (const transfer of state.store.all("transfer")) {
    if (transfer.destination !== accountId) continue;
    const bucket = transfer.source_transaction ? pending : available;
    add(bucket, String(transfer.currency), netOf(transfer));
    add(transfer.source_transaction ? available : pending, String(transfer.currency), 0);
  }
  return {
    object: "balance",
    available: entries(available),
    livemode: false,
    pending: entries(pending),
  };
}

export const balanceRoutes: Route[] = [
  {
    // GET /v1/balance – the platform's, or a connected account's with the Stripe-Account header
    method: "GET",
    pattern: "/v1/balance",
    onBehalfOf: true,
    handler: ({ state, stripeAccount }) =>
      stripeAccount ? accountBalance(state, stripeAccount) : platformBalance(state),
  },
];

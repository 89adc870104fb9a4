import type { Currency } from "@/lib/constants";
import { describeFees, estimateEarningCents, type ServiceCharge } from "@/lib/fees";
import { formatMoney, parsePriceToCents } from "@/lib/money";

/**
 * The merchant's estimated earning on a card sale at the price being typed, and where the fees
 * come from (spec part 2 section 9), computed with the service charge in force for this merchant.
 */
export function EarningEstimate({
  price,
  currency,
  serviceCharge,
}: {
  price: string;
  currency: Currency;
  serviceCharge: ServiceCharge;
}) {
  const priceCents = parsePriceToCents(price);
  const earning =
    priceCents === null || priceCents === 0
      ? null
      : estimateEarningCents({ priceCents, currency, serviceCharge });
  return (
    <section
      aria-labelledby="earning-heading"
      className="bg-earth-50 border-earth-200 rounded-2xl border p-4 sm:p-5"
    >
      <h3 id="earning-heading" className="text-sm font-semibold text-stone-800">
        Estimated earning after fees
      </h3>
      <p className="mt-1 text-2xl font-extrabold text-stone-900" aria-live="polite">
        {earning === null ? "–" : formatMoney(earning, currency, { showCode: true })}
        <span className="sr-only"> per sale paid by card</span>
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-stone-700">
        {describeFees(serviceCharge).map((text) => (
          <li key={text}>{text}</li>
        ))}
        <li>Paid in person, you keep the full price.</li>
      </ul>
    </section>
  );
}

/**
 * The values an admin action changed, as fields a person reads (issue 42): "Merchant payment:
 * payable", "Amount: $6.99", "Active: Yes", not raw JSON.
 */
export function AuditValues({ values }: { values: Record<string, unknown> | null }) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return <p className="text-stone-600">Nothing recorded</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-stone-600">{fieldName(key)}</dt>
          <dd className="break-words text-stone-900">{fieldValue(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "merchantPayment" → "Merchant payment"; "amountCents" → "Amount". */
export function fieldName(key: string): string {
  const words = key
    .replace(/Cents$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" && key.endsWith("Cents")) return `$${(value / 100).toFixed(2)}`;
  if (typeof value === "string") return value.replaceAll("_", " ");
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** What a JSON call answered: the body when it came back 2xx, else status, message and field errors. */
export type JsonAnswer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string | null; errors: Record<string, string[]> };

/**
 * POSTs JSON and reads the answer. A network failure answers status 0; a body that is not JSON
 * counts as no message. Never throws.
 */
export async function postJson<T>(url: string, body: unknown): Promise<JsonAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, message: null, errors: {} };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: data as T };
  const record = (data ?? {}) as { message?: unknown; errors?: unknown };
  return {
    ok: false,
    status: response.status,
    message: typeof record.message === "string" ? record.message : null,
    errors: isFieldErrors(record.errors) ? record.errors : {},
  };
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === "string"))
  );
}

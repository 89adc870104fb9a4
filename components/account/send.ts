/**
 * The one way the account forms call the API: same-origin fetch, JSON answers, and the wire error
 * shape `{ message, errors }` turned into per-field text (a field's messages joined by spaces).
 */
export type SendResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

const NETWORK_ERROR = "Something went wrong. Please check your connection and try again.";

export async function send<T>(
  url: string,
  init: { method?: string; json?: unknown; body?: BodyInit },
): Promise<SendResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "POST",
      credentials: "same-origin",
      headers: init.json === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR, fieldErrors: {} };
  }
  const body = (await response.json().catch(() => null)) as
    (T & { message?: string; errors?: Record<string, string[]> }) | null;
  if (response.ok && body) return { ok: true, data: body };
  const fieldErrors = Object.fromEntries(
    Object.entries(body?.errors ?? {}).map(([field, messages]) => [field, messages.join(" ")]),
  );
  return {
    ok: false,
    status: response.status,
    message: body?.message ?? (response.status === 413 ? "Image size is too big." : NETWORK_ERROR),
    fieldErrors,
  };
}

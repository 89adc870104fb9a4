/**
 * The email a person just registered with, carried to the login page in this tab's session
 * storage (not in the URL, where it would sit in the history and the server's logs).
 */
const KEY = "registered_login";

export function rememberRegisteredLogin(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage off (private mode): the login field simply starts empty.
  }
}

export function readRegisteredLogin(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

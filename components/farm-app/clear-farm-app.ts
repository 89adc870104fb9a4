/**
 * Sign-out: the farm app's caches (the farm's recent orders among them) are deleted and its service
 * worker unregistered, so the next person on this browser finds nothing of the farm's (decision
 * 0054). Small on purpose: the logout menu entry imports it on every page.
 */
export async function clearFarmApp(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    if (registrations.length === 0) return;
    const keys = await caches.keys();
    await Promise.all(
      keys.filter((key) => key.startsWith("farm-")).map((key) => caches.delete(key)),
    );
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Storage the browser refuses to touch (a private window) holds nothing to clear.
  }
}

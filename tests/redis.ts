import net from "node:net";

/** The Redis the cache tests use (TEST_REDIS_URL, else the local one on 6379). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** Whether something listens at the Redis address `url`: the tests that need Redis are skipped when not. */
export async function isListening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

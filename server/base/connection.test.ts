import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONNECTION_ADDRESS_HEADER,
  CONNECTION_FORWARDED_HEADER,
  installConnectionStamp,
  isDirectLocalRequest,
  isLoopbackAddress,
  readConnection,
  stampedHeadersForTest,
} from "./connection";

describe("before the stamp is installed", () => {
  it("knows no address and counts every request as forwarded, whatever the client sends", () => {
    const headers = new Headers({ [CONNECTION_ADDRESS_HEADER]: "127.0.0.1" });
    expect(readConnection(headers)).toEqual({ address: null, forwarded: true });
    expect(isDirectLocalRequest(headers)).toBe(false);
  });
});

/** A machine address that is not loopback, when this machine has one (to connect from it). */
function externalIPv4(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

describe("installConnectionStamp on a real HTTP server", () => {
  let server: http.Server;
  let port: number;
  let seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    installConnectionStamp();
    installConnectionStamp(); // twice is once
    server = http.createServer((req, res) => {
      seen.push({ ...req.headers });
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function send(host: string, headers: Record<string, string> = {}) {
    seen = [];
    const response = await fetch(`http://${host}:${port}/`, { headers });
    await response.text();
    expect(seen).toHaveLength(1);
    return seen[0]!;
  }

  it("writes the socket's address, not what the client put in its own stamp header", async () => {
    const headers = await send("127.0.0.1", {
      [CONNECTION_ADDRESS_HEADER]: "203.0.113.9",
      [CONNECTION_FORWARDED_HEADER]: "0",
    });
    expect(headers[CONNECTION_ADDRESS_HEADER]).toBe("127.0.0.1");
    expect(headers[CONNECTION_FORWARDED_HEADER]).toBeUndefined();
    expect(isDirectLocalRequest(headers)).toBe(true);
  });

  it.each([
    ["X-Forwarded-For", "127.0.0.1"],
    ["Forwarded", "for=127.0.0.1"],
    ["X-Real-IP", "127.0.0.1"],
    // A same-machine proxy that says only that it passed the request on (issue 43, defect 5).
    ["Via", "1.1 proxy"],
    ["X-Forwarded-Host", "market.example"],
    ["X-Forwarded-Proto", "https"],
  ])("marks a request carrying %s as forwarded, so it is not local", async (name, value) => {
    const headers = await send("127.0.0.1", { [name]: value });
    expect(headers[CONNECTION_FORWARDED_HEADER]).toBe("1");
    expect(isDirectLocalRequest(headers)).toBe(false);
  });

  it("gives the real peer of a connection from another address", async (context) => {
    const external = externalIPv4();
    if (!external) return context.skip();
    const headers = await send(external, { "X-Forwarded-For": "127.0.0.1" });
    expect(readConnection(headers).address).toMatch(
      new RegExp(`${external.replace(/\./g, "\\.")}$`),
    );
    expect(isDirectLocalRequest(headers)).toBe(false);
  });
});

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("%s is this machine", (a) => {
    expect(isLoopbackAddress(a)).toBe(true);
  });
  it.each(["192.0.2.2", "10.0.0.1", "::ffff:192.0.2.2", "fd00::2", "1270.0.0.1", ""])(
    "%s is not",
    (a) => {
      expect(isLoopbackAddress(a)).toBe(false);
    },
  );
});

describe("stampedHeadersForTest", () => {
  it("builds what a stamped request carries", () => {
    expect(readConnection(stampedHeadersForTest("192.0.2.7"))).toEqual({
      address: "192.0.2.7",
      forwarded: false,
    });
    expect(
      readConnection(stampedHeadersForTest("127.0.0.1", { "x-forwarded-for": "1.2.3.4" })),
    ).toEqual({ address: "127.0.0.1", forwarded: true });
  });
});

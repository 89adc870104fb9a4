import { describe, expect, it } from "vitest";
import { hasImageExtension, imageProblem, pickFile, sniffImageType } from "./image";

describe("image checks", () => {
  it.each([
    ["photo.jpg", true],
    ["photo.JPEG", true],
    ["photo.png", true],
    ["photo.png.exe", false],
    ["photo.webp", false],
    ["jpg", false],
    ["", false],
  ])("extension of %j allowed: %s", (name, ok) => {
    expect(hasImageExtension(name)).toBe(ok);
  });

  it("judges type before size, and the limit is inclusive", () => {
    expect(imageProblem({ name: "a.gif", size: 99 * 1024 * 1024 })).toBe("type");
    expect(imageProblem({ name: "a.jpg", size: 8 * 1024 * 1024, type: "image/jpeg" })).toBeNull();
    expect(imageProblem({ name: "a.jpg", size: 8 * 1024 * 1024 + 1, type: "image/jpeg" })).toBe(
      "size",
    );
    expect(imageProblem({ name: "a.png", size: 10, type: "text/html" })).toBe("type");
  });

  it("treats an untouched file input as no file", () => {
    expect(pickFile({ name: "", size: 0 })).toBeNull();
    expect(pickFile("")).toBeNull();
    expect(pickFile({ length: 0 })).toBeNull();
    expect(pickFile({ length: 1, 0: { name: "a.png", size: 3 } })).toEqual({
      name: "a.png",
      size: 3,
    });
  });

  it("recognises JPEG and PNG by their first bytes", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(
      sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe("png");
    expect(sniffImageType(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});

import "server-only";

/**
 * The upload is not a JPEG or PNG image we can read (whatever its name or declared type says).
 * Callers map `code` to their own error; `message` is safe to show.
 */
export class InvalidImageError extends Error {
  readonly code = "invalid_image" as const;

  constructor(options?: { cause?: unknown }) {
    super("Invalid file uploaded.", options);
    this.name = "InvalidImageError";
  }
}

/** The upload is over the byte limit, or its pixel count is (a decompression bomb). */
export class ImageTooLargeError extends Error {
  readonly code = "image_too_large" as const;

  constructor(options?: { cause?: unknown }) {
    super("Image size is too big.", options);
    this.name = "ImageTooLargeError";
  }
}

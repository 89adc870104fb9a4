import "server-only";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/server/env";

/** Where image files live: a local folder by default, an S3-compatible bucket when S3_BUCKET is set. */
export type ImageStore = {
  put(name: string, body: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
  url(name: string): string;
};

// Stored names are random and never rewritten, so every cache may keep them forever.
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Files under `dir`, served by app/uploads/[...path]/route.ts at /uploads/<name>. */
export function createLocalStore(
  dir: string,
): ImageStore & { read(name: string): Promise<Buffer | null> } {
  const root = path.resolve(dir);
  const fileFor = (name: string) => {
    const file = path.resolve(root, name);
    // Names are validated upstream; this is the second lock on the door.
    if (!file.startsWith(root + path.sep)) throw new Error("Image path escapes the uploads folder");
    return file;
  };
  return {
    async put(name, body) {
      const file = fileFor(name);
      await mkdir(path.dirname(file), { recursive: true });
      // "wx": a random name that already exists is a bug, never something to overwrite.
      await writeFile(file, body, { flag: "wx", mode: 0o644 });
    },
    async remove(name) {
      await rm(fileFor(name), { force: true });
    },
    url(name) {
      return `/uploads/${name}`;
    },
    async read(name) {
      try {
        return await readFile(fileFor(name));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

export type S3StoreConfig = {
  bucket: string;
  region?: string;
  endpoint?: string;
  publicUrl?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, ...), served from `publicUrl` (a CDN). */
export function createS3Store(config: S3StoreConfig): ImageStore {
  const region = config.region ?? "us-east-1";
  const publicBase = (
    config.publicUrl ??
    (config.endpoint
      ? `${config.endpoint}/${config.bucket}`
      : `https://${config.bucket}.s3.${region}.amazonaws.com`)
  ).replace(/\/+$/, "");
  // The SDK is large: load it on first use, and only in deployments that use a bucket.
  let client:
    | Promise<{
        sdk: typeof import("@aws-sdk/client-s3");
        s3: import("@aws-sdk/client-s3").S3Client;
      }>
    | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region,
        endpoint: config.endpoint,
        forcePathStyle: Boolean(config.endpoint),
        credentials:
          config.accessKeyId && config.secretAccessKey
            ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
            : undefined,
        // S3-compatible services do not all accept the SDK's newer default checksums.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  return {
    async put(name, body) {
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: name,
          Body: body,
          ContentType: "image/webp",
          CacheControl: IMAGE_CACHE_CONTROL,
        }),
      );
    },
    async remove(name) {
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: name }));
    },
    url(name) {
      return `${publicBase}/${name}`;
    },
  };
}

let defaultStore: ImageStore | undefined;

/** The store the environment configures: S3 when S3_BUCKET is set, else UPLOADS_DIR. */
export function getImageStore(): ImageStore {
  if (!defaultStore) {
    const env = getEnv();
    defaultStore = env.S3_BUCKET
      ? createS3Store({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          publicUrl: env.S3_PUBLIC_URL,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : createLocalStore(env.UPLOADS_DIR);
  }
  return defaultStore;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

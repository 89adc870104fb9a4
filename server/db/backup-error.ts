import "server-only";

/** What the operator reads when a backup or a restore cannot be done; nothing was changed. */
export class BackupError extends Error {
  override name = "BackupError";
}

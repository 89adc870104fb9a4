// Types of incremental-handler.mjs (plain JavaScript: Next imports it at run time, outside any bundle).
import type FileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache";

export default class SharedIncrementalCache extends FileSystemCache {}

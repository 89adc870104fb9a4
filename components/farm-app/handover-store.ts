import {
  memoryHandoverStore,
  type HandoverQueueStore,
  type QueuedHandover,
} from "@/lib/handover-queue";

const DB_NAME = "farm-app";
const STORE = "handovers";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB did not open"));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    });
  } finally {
    db.close();
  }
}

let fallback: HandoverQueueStore | null = null;

/**
 * The queue on the phone, in IndexedDB so it outlives the tab and a restart (decision 0054); in
 * memory where IndexedDB is missing (a private window of some browsers), for this page only.
 */
export function handoverStore(): HandoverQueueStore {
  if (typeof indexedDB === "undefined") return (fallback ??= memoryHandoverStore());
  return {
    list: () => run<QueuedHandover[]>("readonly", (store) => store.getAll()),
    put: async (item) => void (await run("readwrite", (store) => store.put(item))),
    remove: async (id) => void (await run("readwrite", (store) => store.delete(id))),
  };
}

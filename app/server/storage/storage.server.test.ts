import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server.ts";
import { createDiskStorage, StorageWriteError, storageFailureReason } from "./storage.server.ts";

/** The disk storage never touches the database it is given. */
const noDatabase = null as unknown as Database;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  roots.push(dir);
  return dir;
}

describe("disk storage", () => {
  it("turns a failed write into a StorageWriteError with a reason and no server path", async () => {
    const parent = tempDir();
    const root = path.join(parent, "uploads");
    fs.writeFileSync(root, "not a folder");
    const storage = createDiskStorage(root);
    const failure = await storage
      .put(noDatabase, "products/abc-320.webp", new Uint8Array([1, 2, 3]), "image/webp")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageWriteError);
    const error = failure as StorageWriteError;
    expect(error.reason).toBe(
      "The image storage folder on the server is missing or is not a folder.",
    );
    expect(error.reason).not.toContain(parent);
    expect((error.cause as NodeJS.ErrnoException).code).toBe("ENOTDIR");
    expect(fs.readdirSync(parent)).toEqual(["uploads"]);
  });

  it("leaves no temporary file when the final rename fails", async () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, "products", "abc-320.webp"), { recursive: true });
    fs.writeFileSync(path.join(root, "products", "abc-320.webp", "keep"), "x");
    const storage = createDiskStorage(root);
    await expect(
      storage.put(noDatabase, "products/abc-320.webp", new Uint8Array([1]), "image/webp"),
    ).rejects.toBeInstanceOf(StorageWriteError);
    expect(fs.readdirSync(path.join(root, "products"))).toEqual(["abc-320.webp"]);
  });
});

describe("storageFailureReason", () => {
  it("names the usual disk failures in words, and any other by its code", () => {
    const reason = (code?: string) => storageFailureReason(Object.assign(new Error("x"), { code }));
    expect(reason("ENOSPC")).toBe("The image storage on the server is full.");
    expect(reason("EACCES")).toBe("The server is not allowed to write to the image storage.");
    expect(reason("EROFS")).toBe("The server is not allowed to write to the image storage.");
    expect(reason("EIO")).toBe("The disk of the server reported an error.");
    expect(reason("EXDEV")).toBe("The server could not store the file (EXDEV).");
    expect(reason()).toBe("The server could not store the file (unknown error).");
    expect(storageFailureReason("boom")).toBe(
      "The server could not store the file (unknown error).",
    );
  });
});

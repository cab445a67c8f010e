import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  applyDependencyPatches,
  DEPENDENCY_PATCHES,
  missingDependencyPatches,
  PATCH_MARK,
} from "./dependency-patches.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A project root whose dependency files hold `text(file)`. */
function rootWith(text: (file: string) => string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-patches-"));
  roots.push(root);
  for (const { file } of DEPENDENCY_PATCHES) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text(file));
  }
  return root;
}

const installed = (file: string) => fs.readFileSync(file, "utf8");

/** The file as the package ships it: every edit undone. */
function shipped(file: string): string {
  const patch = DEPENDENCY_PATCHES.find((p) => p.file === file)!;
  return patch.edits.reduce((text, edit) => text.replace(edit.after, edit.before), installed(file));
}

describe("the edits to dependencies (decision 047)", () => {
  it("are in this checkout's node_modules (npm ci ran the postinstall)", () => {
    expect(missingDependencyPatches()).toEqual([]);
  });

  it("turn the shipped files into the installed ones, once", () => {
    const root = rootWith(shipped);
    expect(missingDependencyPatches(root)).toEqual(DEPENDENCY_PATCHES.map((p) => p.file));
    expect(applyDependencyPatches(root)).toEqual(DEPENDENCY_PATCHES.map((p) => p.file));
    for (const { file } of DEPENDENCY_PATCHES) {
      expect(fs.readFileSync(path.join(root, file), "utf8")).toBe(installed(file));
      expect(installed(file)).toContain(PATCH_MARK);
    }
    expect(missingDependencyPatches(root)).toEqual([]);
    expect(applyDependencyPatches(root)).toEqual([]);
  });

  it("count a file that is not there as not patched", () => {
    const root = rootWith(installed);
    fs.rmSync(path.join(root, DEPENDENCY_PATCHES[0]!.file));
    expect(missingDependencyPatches(root)).toEqual([DEPENDENCY_PATCHES[0]!.file]);
  });

  it("stop the install when a file is not the text they were written for (an upgrade)", () => {
    const root = rootWith((file) =>
      shipped(file).replace("function nextWrite(fn)", "function nextWrite()"),
    );
    expect(() => applyDependencyPatches(root)).toThrow(
      /node_modules\/postgres\/src\/connection\.js is not the text .*\(was the package upgraded\?\)/,
    );
  });
});

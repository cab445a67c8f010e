/** Types of dependency-patches.mjs (plain JavaScript, run by npm's postinstall). */
export interface DependencyEdit {
  before: string;
  after: string;
}
export declare const PATCH_MARK: string;
export declare const DEPENDENCY_PATCHES: { file: string; edits: DependencyEdit[] }[];
export declare function missingDependencyPatches(root?: string): string[];
export declare function applyDependencyPatches(root?: string): string[];

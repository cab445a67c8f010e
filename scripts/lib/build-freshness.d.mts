/** Types of build-freshness.mjs (plain JavaScript, run before anything is compiled). */
export declare const BUILD_OUTPUTS: string[];
export declare function buildIsStale(root?: string): boolean;

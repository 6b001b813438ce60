export declare const root: string;
export declare const bundlePath: string;
export declare const cachePath: string;
export declare function newestMtime(dir: string): number;
export declare function bundleIsStale(): boolean;
export declare function buildCli(): Promise<string>;

export declare const OPS_BUNDLE: string;
export declare function bundleOpsCli(outFile?: string): Promise<string>;

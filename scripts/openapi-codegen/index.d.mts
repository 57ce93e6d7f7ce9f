export declare const GENERATED_HEADER: string;
/** The opening comment of the @plume/client package's copy of the types. */
export declare const CLIENT_PACKAGE_HEADER: string;
/** The `paths`/`components` declarations openapi-fetch's createClient<paths>() takes, as file text. */
export declare function generateClientTypes(document: object, header?: string): Promise<string>;
/** The opening comment of the console's generated files. */
export declare function consoleClientHeader(title: string, url: string): string;

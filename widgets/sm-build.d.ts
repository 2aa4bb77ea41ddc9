/** What only the build knows, for the loader (tools/loader-build.ts buildFacts; BuildFacts says what each is). */
declare module 'virtual:sm-build' {
  export const FILES: Record<string, string[]>;
  export const WRITTEN: string;
  export const MARKUP: Record<string, string>;
}

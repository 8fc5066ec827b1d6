// The release's version, from package.json at build time (a named import: only this one value goes into the bundle).
import { version } from "../../../package.json";

export const APP_VERSION: string = version;

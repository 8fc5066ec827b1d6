// Types of build-stamp.mjs, which npm start runs with plain Node (no TypeScript loader) and the tests import.
export function buildInputsHash(): string;
export function recordBuild(inputsHash: string): void;
export function buildIsCurrent(inputsHash?: string): boolean;

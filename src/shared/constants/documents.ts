// Limits for documents the portal accepts.

/** The largest file /verify accepts: 20 MB, enforced while streaming. */
export const VERIFY_MAX_BYTES = 20 * 1024 * 1024;

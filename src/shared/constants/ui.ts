// Client timing constants: how long query answers stay fresh, how retries back off, and how toasts behave.

export const QUERY_STALE_MS = 60_000;
export const QUERY_GC_MS = 5 * 60_000;
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_MAX_MS = 30_000;

export const TOAST_DURATION_MS = 5_000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The code field is cleared this long after the sign-in step becomes 'code'. */
export const CODE_FIELD_CLEAR_DELAY_MS = 100;

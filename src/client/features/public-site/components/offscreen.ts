/**
 * For sections below the fold: the browser skips their style, layout and paint until they scroll near, so a long
 * page paints its first screen as fast as a short one. The intrinsic size keeps the scrollbar steady meanwhile.
 */
export const OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_900px]";

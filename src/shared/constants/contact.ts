// Contact form names both sides need without loading the validation schemas.

/** The hidden field people never see or fill; bots that fill every input do. */
export const HONEYPOT_FIELD = "website";

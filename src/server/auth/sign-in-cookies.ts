// The two cookies of the sign-in flow (docs/security.md, "Sign-in codes: the numbers"):
// - the pre-sign-in cookie binds a code to the browser that asked for it (request-code sets it, verify-code needs it);
// - the known-browser cookie, set at sign-in, lets that browser keep its own code allowance for the address.
import type { FastifyReply, FastifyRequest } from "fastify";
import { KNOWN_BROWSER_SECONDS, SIGN_IN_BINDING_SECONDS } from "../../shared/constants/auth";
import type { Config } from "../config";
import { hmacHex, randomToken, safeEqualHex, sha256Hex } from "./secrets";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const KNOWN_BROWSER_PATTERN = /^([A-Za-z0-9_-]{43})\.([0-9a-f]{64})$/;

function cookieName(config: Config, base: string): string {
  return config.secureCookies ? `__Host-${base}` : base;
}

const bindingCookie = (config: Config) => cookieName(config, "bp_signin");
const knownBrowserCookie = (config: Config) => cookieName(config, "bp_known");

/**
 * The browser's pre-sign-in token: the one it already holds (so all its codes for an address stay its own),
 * or a new one; the cookie is (re)set for the life of a code. Returns the binding stored with the code.
 */
export function bindRequester(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const held = request.cookies[bindingCookie(config)];
  const token = held && TOKEN_PATTERN.test(held) ? held : randomToken();
  reply.setCookie(bindingCookie(config), token, {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: config.secureCookies,
    maxAge: SIGN_IN_BINDING_SECONDS,
  });
  return sha256Hex(token);
}

/** The binding of the browser making this request, or null when it holds no (well-formed) pre-sign-in cookie. */
export function requesterBinding(request: FastifyRequest, config: Config): string | null {
  const held = request.cookies[bindingCookie(config)];
  return held && TOKEN_PATTERN.test(held) ? sha256Hex(held) : null;
}

export function clearRequesterBinding(reply: FastifyReply, config: Config): void {
  reply.clearCookie(bindingCookie(config), { path: "/", httpOnly: true, sameSite: "strict", secure: config.secureCookies });
}

function knownBrowserSignature(config: Config, email: string, nonce: string): string {
  return hmacHex(config.secretKey, `known-browser:${email.toLowerCase()}:${nonce}`);
}

/** Marks this browser as one that signed in to `email` (a nonce signed with the secret key, nothing readable). */
export function rememberKnownBrowser(reply: FastifyReply, config: Config, email: string): void {
  const nonce = randomToken();
  reply.setCookie(knownBrowserCookie(config), `${nonce}.${knownBrowserSignature(config, email, nonce)}`, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.secureCookies,
    maxAge: KNOWN_BROWSER_SECONDS,
  });
}

/** The known-browser id when this browser signed in to `email` before, else null (forged values included). */
export function knownBrowserFor(request: FastifyRequest, config: Config, email: string): string | null {
  const match = KNOWN_BROWSER_PATTERN.exec(request.cookies[knownBrowserCookie(config)] ?? "");
  if (!match?.[1] || !match[2]) return null;
  return safeEqualHex(match[2], knownBrowserSignature(config, email, match[1])) ? match[1] : null;
}

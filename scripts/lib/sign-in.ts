// Signs in through the API as the sign-in screen does (request a code, read it, verify it in the same browser).
/** The session cookie ("name=value") the verified sign-in set. */
export async function signInThroughApi(base: string, email: string, readCode: () => Promise<string>): Promise<string> {
  const post = (url: string, body: unknown, cookie = "") =>
    fetch(base + url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const requested = await post("/api/auth/request-code", { email, name: "Bench User" });
  if (!requested.ok) throw new Error(`request-code for ${email}: ${requested.status} ${await requested.text()}`);
  // The code is bound to the browser that asked for it (the pre-sign-in cookie), as in the sign-in screen.
  const binding = requested.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const verified = await post("/api/auth/verify-code", { email, code: await readCode() }, binding);
  if (!verified.ok) throw new Error(`verify-code for ${email}: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers.getSetCookie().find((line) => line.includes("bp_session="));
  if (!cookie) throw new Error(`verify-code for ${email} set no session cookie`);
  return cookie.split(";")[0] ?? "";
}

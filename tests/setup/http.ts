// Raw HTTP/1.1 requests to a listening server: the path goes out byte for byte (no URL normalisation), so tests can
// send what an attacker sends (encoded dot segments, odd content types, hostile headers).
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";

export type HttpResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json(): any;
};

export type HttpRequestOptions = {
  method?: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  /** An object is sent as JSON (with its content type unless one is given); a string or Buffer as is. */
  body?: unknown;
  cookie?: string;
};

export function httpRequest(baseUrl: string, options: HttpRequestOptions): Promise<HttpResponse> {
  const url = new URL(baseUrl);
  const headers: OutgoingHttpHeaders = { ...options.headers };
  let payload: Buffer | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === "string" || Buffer.isBuffer(options.body)) {
      payload = Buffer.from(options.body as string | Buffer);
    } else {
      payload = Buffer.from(JSON.stringify(options.body));
      if (!Object.keys(headers).some((name) => name.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
    }
    headers["content-length"] = payload.length;
  }
  if (options.cookie) headers.cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: options.method ?? "GET", path: options.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const text = body.toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The JSON error shape every refusal must have. */
export function expectErrorShape(response: HttpResponse, status: number, code?: string): void {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${response.text.slice(0, 300)}`);
  }
  const body = response.json();
  if (typeof body.message !== "string" || typeof body.code !== "string") {
    throw new Error(`not the JSON error shape: ${response.text.slice(0, 300)}`);
  }
  if (code !== undefined && body.code !== code) throw new Error(`expected code ${code}, got ${body.code}: ${body.message}`);
  if (/\bat .+:\d+:\d+|node_modules|\/src\//.test(response.text)) throw new Error(`answer leaks internals: ${response.text}`);
}

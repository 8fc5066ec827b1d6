// The database file store's stream: on PostgreSQL through binary COPY (its framing read from chunks split anywhere),
// on PGlite through queries; on both, a file deleted while it is read fails the stream and leaves the pool usable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { copiedValue, createDatabaseFileStore, STREAM_PART_BYTES } from "./database-file-store";
import type { FileStore } from "./file-store";

/** What PostgreSQL sends for `copy (select <value>) to stdout (format binary)`: header, one row or none, trailer. */
function binaryCopy(value: Buffer | null, extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(19);
  header.write("PGCOPY\n\xff\r\n\0", "latin1");
  header.writeUInt32BE(0, 11);
  header.writeUInt32BE(extension.length, 15);
  const trailer = Buffer.from([0xff, 0xff]);
  if (!value) return Buffer.concat([header, extension, trailer]);
  const tuple = Buffer.alloc(6);
  tuple.writeInt16BE(1, 0);
  tuple.writeInt32BE(value.length, 2);
  return Buffer.concat([header, extension, tuple, value, trailer]);
}

async function* inChunks(bytes: Buffer, ...cuts: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(at, cut);
    at = cut;
  }
}

const joined = (slices: Buffer[] | null) => (slices ? Buffer.concat(slices) : null);

describe("reading a binary COPY's one value", () => {
  const value = Buffer.from(Array.from({ length: 300 }, (_, n) => (n * 37) & 0xff));

  it("gives the value's bytes, however the chunks split the framing", async () => {
    const copy = binaryCopy(value, Buffer.from("ext"));
    for (let cut = 0; cut <= copy.length; cut++) {
      expect(joined(await copiedValue(inChunks(copy, cut)))?.equals(value)).toBe(true);
    }
    const oneByteChunks = Array.from({ length: copy.length - 1 }, (_, n) => n + 1);
    expect(joined(await copiedValue(inChunks(copy, ...oneByteChunks)))?.equals(value)).toBe(true);
  });

  it("hands the value on as slices of the chunks, without the framing", async () => {
    const copy = binaryCopy(value);
    const slices = await copiedValue(inChunks(copy, 100, 200));
    expect(slices?.map((slice) => slice.length)).toEqual([100 - 25, 100, value.length - 175]);
    expect(slices?.every((slice) => slice.buffer === copy.buffer)).toBe(true);
  });

  it("answers null for a COPY without a row, and fails on a short or foreign stream", async () => {
    expect(await copiedValue(inChunks(binaryCopy(null), 5))).toBeNull();
    const copy = binaryCopy(value);
    await expect(copiedValue(inChunks(copy.subarray(0, copy.length - 10)))).rejects.toThrow(/ended before its value/);
    await expect(copiedValue(inChunks(copy.subarray(0, 12)))).rejects.toThrow(/ended before its value/);
    await expect(copiedValue(inChunks(Buffer.from("x".repeat(40))))).rejects.toThrow(/not a binary COPY/);
  });
});

describe("the database store's stream", () => {
  let database: TestDatabase;
  let store: FileStore;
  const statements: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase({ logQuery: (query) => statements.push(query) });
    store = createDatabaseFileStore(database.db);
  });
  afterAll(() => database.close());

  const fileOf = (bytes: number, seed: number) => {
    const buffer = Buffer.alloc(bytes);
    for (let i = 0; i < buffer.length; i++) buffer[i] = (i * seed + (i >> 9)) & 0xff;
    return buffer;
  };

  it("streams every byte value exactly, a part at most at a time; PostgreSQL's parts come through COPY, not a query", async () => {
    const bytes = fileOf(STREAM_PART_BYTES * 2 + 77, 29);
    const head = await store.put(bytes, "image/png");
    statements.length = 0;
    const parts: Buffer[] = [];
    for await (const part of (await store.stream(head.id)) ?? []) parts.push(part as Buffer);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThanOrEqual(STREAM_PART_BYTES);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    const substringQueries = statements.filter((statement) => statement.includes("substring"));
    expect(substringQueries).toHaveLength(database.kind === "postgres" ? 0 : 3);
  });

  it("fails a stream whose file is deleted part-way, and the database answers on afterwards", async () => {
    // The stream reads a part ahead of its reader: the third part is the first read after the delete.
    const bytes = fileOf(STREAM_PART_BYTES * 3 + 10, 13);
    const head = await store.put(bytes, "image/png");
    const stream = await store.stream(head.id);
    if (!stream) throw new Error("no stream");
    const reading = (async () => {
      for await (const _part of stream) await store.delete(head.id);
    })();
    await expect(reading).rejects.toThrow(/was deleted while it was read/);
    for (let n = 0; n < 3; n++) expect(await store.head(head.id)).toBeNull();
    const again = await store.put(bytes, "image/png");
    const parts: Buffer[] = [];
    for await (const part of (await store.stream(again.id)) ?? []) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    if (database.kind === "postgres") expect(database.poolStats()?.waiting).toBe(0);
  });

  it("a stream left half-read holds no connection", async () => {
    const head = await store.put(fileOf(STREAM_PART_BYTES * 3, 7), "image/png");
    const stream = await store.stream(head.id);
    if (!stream) throw new Error("no stream");
    for await (const _part of stream) break;
    const stats = database.poolStats();
    if (stats) expect(stats.idle).toBe(stats.total);
  });
});

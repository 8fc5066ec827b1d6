// Both file store backends behave the same: the database one on the test database, the S3 one against s3rver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/setup/s3";
import { openTestDatabase } from "../../../tests/setup/test-database";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { contentIdOf } from "./content-id";
import { createFileStore } from "./create-file-store";
import { STREAM_PART_BYTES } from "./database-file-store";
import type { FileStore } from "./file-store";

const base = { SECRET_KEY: "x".repeat(40), DATABASE_URL: "memory://" };

function contract(name: string, open: () => Promise<{ store: FileStore; close(): Promise<void> }>) {
  describe(name, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it("stores bytes under their SHA-256 and gives them back", async () => {
      const bytes = Buffer.from(`screenshot ${name} ${Math.random()}`);
      const head = await store.put(bytes, "image/png");
      expect(head).toEqual({ id: contentIdOf(bytes), contentType: "image/png", size: bytes.length });
      const file = await store.get(head.id);
      expect(file?.bytes.equals(bytes)).toBe(true);
      expect(file?.contentType).toBe("image/png");
      expect(await store.head(head.id)).toEqual(head);
    });

    it("keeps the same content once and accepts it again", async () => {
      const bytes = Buffer.from(`same content ${name}`);
      const first = await store.put(bytes, "application/pdf");
      const second = await store.put(bytes, "application/pdf");
      expect(second.id).toBe(first.id);
    });

    it("holds binary data exactly (every byte value, a few MB)", async () => {
      const bytes = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
      const head = await store.put(bytes, "image/jpeg");
      const file = await store.get(head.id);
      expect(file?.size).toBe(bytes.length);
      expect(file?.bytes.equals(bytes)).toBe(true);
    });

    it("streams the bytes exactly, in parts, for a file larger than one part", async () => {
      const bytes = Buffer.alloc(STREAM_PART_BYTES * 3 + 1234);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 17 + (i >> 10)) & 0xff;
      const head = await store.put(bytes, "image/png");
      const stream = await store.stream(head.id);
      const parts: Buffer[] = [];
      for await (const part of stream ?? []) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(bytes)).toBe(true);
      expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(bytes.length);
      expect(await store.stream("0".repeat(64))).toBeNull();
      expect(await store.stream("../../etc/passwd")).toBeNull();
    });

    it("deletes, after which the id names nothing", async () => {
      const head = await store.put(Buffer.from(`to delete ${name}`), "image/gif");
      await store.delete(head.id);
      expect(await store.get(head.id)).toBeNull();
      expect(await store.head(head.id)).toBeNull();
      await store.delete(head.id);
    });

    it("answers null for ids that are not content ids or not stored", async () => {
      expect(await store.get("../../etc/passwd")).toBeNull();
      expect(await store.head("0".repeat(64))).toBeNull();
    });
  });
}

contract("database backend", async () => {
  const database: DatabaseHandle = await openTestDatabase();
  const store = await createFileStore(loadConfig(base).fileStorage, database.db);
  expect(store.backend).toBe("database");
  return { store, close: () => database.close() };
});

let s3: TestS3Server;
contract("S3-compatible backend (s3rver)", async () => {
  s3 = await startS3Server();
  const config = loadConfig({ ...base, S3_URL: s3.url });
  const store = await createFileStore(config.fileStorage, undefined as never);
  expect(store.backend).toBe("s3");
  return { store, close: () => s3.close() };
});

describe("S3 configuration", () => {
  it("reads S3_URL with an endpoint and bucket, or the separate variables", () => {
    expect(loadConfig({ ...base, S3_URL: "http://key:secret@127.0.0.1:9000/bucket-a?region=eu-west-1" }).fileStorage).toEqual({
      backend: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "bucket-a",
      region: "eu-west-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    expect(loadConfig({ ...base, S3_URL: "s3://key:secret@my-bucket" }).fileStorage).toMatchObject({
      endpoint: null,
      bucket: "my-bucket",
      region: "us-east-1",
    });
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: "b-1",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
        S3_ENDPOINT: "https://s3.example.com",
      }).fileStorage,
    ).toMatchObject({ backend: "s3", endpoint: "https://s3.example.com", bucket: "b-1" });
  });

  it("stops with a message naming what is missing", () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: "b-1" })).toThrow(/S3_ACCESS_KEY_ID: required/);
    expect(() => loadConfig({ ...base, S3_URL: "http://127.0.0.1:9000/bucket" })).toThrow(/S3_URL:/);
    expect(() => loadConfig({ ...base, S3_URL: "http://k:s@127.0.0.1:9000/" })).toThrow(/S3_URL: names no bucket/);
  });
});

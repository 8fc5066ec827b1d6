// The S3-compatible file store backend (AWS S3, MinIO, Ceph, R2...) through the AWS SDK for JavaScript v3.
import { Readable } from "node:stream";
import type { FileStorageConfig } from "../config";
import { contentIdOf, isContentId } from "./content-id";
import type { FileStore } from "./file-store";

type S3Config = Extract<FileStorageConfig, { backend: "s3" }>;

const KEY_PREFIX = "files/";

export async function createS3FileStore(config: S3Config): Promise<FileStore> {
  // The SDK takes ~0.1 s to load: only a server that uses S3 loads it.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import("@aws-sdk/client-s3");
  const isNotFound = (error: unknown): boolean =>
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey");
  const client = new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers do not speak the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  const keyOf = (id: string) => `${KEY_PREFIX}${id}`;

  return {
    backend: "s3",
    async put(bytes, contentType) {
      const id = contentIdOf(bytes);
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(id), Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
      return { id, contentType, size: bytes.length };
    },
    async get(id) {
      if (!isContentId(id)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(id) }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { id, contentType: answer.ContentType ?? "application/octet-stream", size: bytes.length, bytes };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stream(id) {
      if (!isContentId(id)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(id) }));
        // In Node the SDK answers the body as the HTTP response stream itself.
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async head(id) {
      if (!isContentId(id)) return null;
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(id) }));
        return { id, contentType: answer.ContentType ?? "application/octet-stream", size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(id) {
      if (!isContentId(id)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(id) }));
    },
    async storedBefore(cutoff, limit) {
      // A put of the same bytes writes the object again, so LastModified is the newest upload.
      const ids: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: KEY_PREFIX, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const id = object.Key?.slice(KEY_PREFIX.length) ?? "";
          if (isContentId(id) && object.LastModified && object.LastModified < cutoff) ids.push(id);
          if (ids.length >= limit) return ids;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return ids;
    },
  };
}

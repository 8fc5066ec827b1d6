// A real S3-compatible server in the test process (s3rver), on a free port, with one bucket in a temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestS3Server = {
  /** The S3_URL that points the portal at it. */
  url: string;
  bucket: string;
  directory: string;
  close(): Promise<void>;
};

export async function startS3Server(bucket = "blueprint-files"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "bp-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's built-in account: access key and secret are both S3RVER.
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    bucket,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

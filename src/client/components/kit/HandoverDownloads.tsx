// A completed project's two downloads: the hand-over package and the signed acceptance certificate. The package's
// summary is asked first: a package the portal refuses to stream (over its size cap) shows the server's reason
// instead of a link whose download would fail. The link stays a plain download, so the browser saves the stream.
import { AlertTriangle, FileCheck2, PackageOpen } from "lucide-react";
import { formatBytes } from "../../../shared/domain/document-meta";
import type { HandoverSummary } from "../../../shared/schemas/handover";
import { ApiError } from "../../lib/api";
import { API } from "../../lib/api-paths";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

export type HandoverSummaryState = { data: HandoverSummary | undefined; error: unknown; isPending: boolean };

export function HandoverDownloads({ projectId, summary }: { projectId: string; summary: HandoverSummaryState }) {
  // A refusal (409) is the package's state; any other failure leaves the download to say what is wrong.
  const refusal = summary.error instanceof ApiError && summary.error.status === 409 ? summary.error.serverMessage : null;
  return (
    <>
      {refusal ? (
        <Alert variant="warning" data-testid="handover-refused">
          <AlertTriangle aria-hidden="true" />
          <span>{refusal}</span>
        </Alert>
      ) : summary.isPending ? (
        <Button disabled>
          <PackageOpen aria-hidden="true" />
          Download hand-over package
        </Button>
      ) : (
        <Button asChild>
          <a
            href={API.handover.path({ projectId })}
            download
            title={summary.data ? `${summary.data.files} files, ${formatBytes(summary.data.bytes)}` : undefined}
          >
            <PackageOpen aria-hidden="true" />
            Download hand-over package
          </a>
        </Button>
      )}
      <Button asChild variant="outline">
        <a href={API.acceptanceCertificate.path({ projectId })} download>
          <FileCheck2 aria-hidden="true" />
          Acceptance certificate (PDF)
        </a>
      </Button>
    </>
  );
}

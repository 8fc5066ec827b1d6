// A completed project's two downloads: the hand-over package and the signed acceptance certificate.
import { FileCheck2, PackageOpen } from "lucide-react";
import { Button } from "../ui/button";

export function HandoverDownloads({ projectId }: { projectId: string }) {
  return (
    <>
      <Button asChild>
        <a href={`/api/projects/${projectId}/handover`} download>
          <PackageOpen aria-hidden="true" />
          Download hand-over package
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={`/api/projects/${projectId}/acceptance/certificate`} download>
          <FileCheck2 aria-hidden="true" />
          Acceptance certificate (PDF)
        </a>
      </Button>
    </>
  );
}

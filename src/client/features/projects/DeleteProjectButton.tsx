// "Delete project" for the owner of a project that holds nothing yet (a New Project made by mistake), behind a
// confirmation. The server has the last word: a project with messages, feedback or meetings is refused (409), and the
// dialog says why.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { Project } from "../../../shared/schemas/project";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { useDeleteProject } from "./api/delete-project";

/** What the project list already tells about a project that would keep it (the server checks everything). */
export function mayOfferDeletion(project: Project): boolean {
  return (
    project.accessLevel === "owner" &&
    !project.requirementsSubmitted &&
    project.authorizedUsersCount === 0 &&
    (project.status === "profile" || project.status === "requirements") &&
    !project.advancePaymentLink &&
    !project.balancePaymentLink &&
    !project.finalPaymentLink &&
    !project.advanceInvoiceUrl &&
    !project.finalInvoiceUrl &&
    !project.brdDocumentUrl
  );
}

/** Once deleted, the page shows the customer's first project (the URL's code is corrected in place). */
export function DeleteProjectButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteProject({
    onSuccess: (reply) => {
      toast({ title: "Project deleted", description: reply.message });
      setOpen(false);
    },
    onError: (error) => setRefusal(serverMessage(error, "The project could not be deleted. Please try again.")),
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setRefusal(null);
  };

  return (
    <>
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete project
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader
            title={`Delete ${project.projectCode}?`}
            description="The project is empty: no answers, payments, team members, feedback, messages or meetings. Deleting it cannot be undone."
          />
          {refusal && (
            <Alert variant="danger" role="alert">
              {refusal}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <PendingButton
              type="button"
              variant="destructive"
              onClick={() => remove.mutate(project.id)}
              pending={remove.isPending}
              icon={Trash2}
              disabled={refusal !== null}
            >
              {remove.isPending ? "Deleting..." : "Delete project"}
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

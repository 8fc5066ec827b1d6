// "Leave this project" for an invited member, with a confirm dialog; the owner never sees it.
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { useLeaveProject } from "./api/leave-project";

export function LeaveProjectButton({ projectId, projectCode }: { projectId: string; projectCode: string }) {
  const [open, setOpen] = useState(false);
  // On the hook, not on mutate: leaving removes the project from the list, which unmounts this button before a
  // mutate callback would run.
  const leave = useLeaveProject({
    onSuccess: (reply) => toast({ title: "Left the project", description: reply.message }),
    onError: (error) =>
      toast({ title: "Error", description: serverMessage(error, "Could not leave the project"), variant: "destructive" }),
  });
  const confirm = () => leave.mutate(projectId);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" />
        Leave this project
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader
            title={`Leave ${projectCode}?`}
            description="You will lose access to this project at once. The owner or an admin can invite you again."
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <PendingButton type="button" variant="destructive" onClick={confirm} pending={leave.isPending} icon={LogOut}>
              Leave project
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

// A BRD or invoice the document rule (or the server, 415) refused: the console's invalid-type toast.
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import { toast } from "../../components/ui/use-toast";

export function rejectDocument() {
  toast({ title: ADMIN_MESSAGES.invalidFileTypeTitle, description: ADMIN_MESSAGES.invalidFileTypeText, variant: "destructive" });
}

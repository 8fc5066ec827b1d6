// One image of a progress update, enlarged (loaded on the first open: the dashboard's first load carries no dialog code).
import { Dialog, DialogContent, DialogHeader } from "../ui/dialog";

export function UpdateImageDialog(props: { url: string; index: number; count: number; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(value) => !value && props.onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader title={`Image ${props.index + 1} of ${props.count}`} />
        <img src={props.url} alt={`Screenshot ${props.index + 1} of the update`} className="max-h-[75vh] w-full object-contain" />
      </DialogContent>
    </Dialog>
  );
}

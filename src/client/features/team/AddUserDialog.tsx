// The add-user dialog: email and access level, with the spec's validation messages (part 2 §5).
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, UserPlus } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { ACCESS_LEVEL_DESCRIPTIONS, ACCESS_LEVEL_LABELS, MEMBER_ACCESS_LEVELS } from "../../../shared/domain/project-access";
import { type AddProjectUserInput, addProjectUserSchema } from "../../../shared/schemas/team";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { FieldMessage, Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { useAddProjectUser } from "./api/add-project-user";

const ACCESS_OPTIONS = MEMBER_ACCESS_LEVELS.map((level) => ({
  value: level,
  label: `${ACCESS_LEVEL_LABELS[level]} — ${ACCESS_LEVEL_DESCRIPTIONS[level]}`,
}));

export function AddUserDialog(props: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slotsLeft: number;
}) {
  const add = useAddProjectUser(props.projectId);
  const form = useForm<AddProjectUserInput>({
    resolver: zodResolver(addProjectUserSchema),
    defaultValues: { email: "", accessLevel: undefined as unknown as AddProjectUserInput["accessLevel"] },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;

  const close = (open: boolean) => {
    if (!open) form.reset();
    props.onOpenChange(open);
  };

  const submit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (user) => {
        toast({ title: "User added", description: `${user.email} has been emailed an invitation to sign in.` });
        close(false);
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(serverFieldErrors(error))) {
          if (field === "email" || field === "accessLevel") form.setError(field, { message });
        }
        toast({ title: "Error", description: serverMessage(error, "Failed to add user"), variant: "destructive" });
      },
    }),
  );

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader
          title="Add User"
          description={`Invite a team member to view and test the prototype. ${props.slotsLeft} ${props.slotsLeft === 1 ? "slot" : "slots"} left.`}
        />
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="add-user-email">Email Address</Label>
            <Input
              id="add-user-email"
              type="email"
              autoComplete="off"
              placeholder="colleague@company.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "add-user-email-error" : undefined}
              {...form.register("email")}
            />
            <FieldMessage id="add-user-email-error" message={errors.email?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="add-user-access">Access Level</Label>
            <Controller
              control={form.control}
              name="accessLevel"
              render={({ field }) => (
                <Select
                  id="add-user-access"
                  value={field.value}
                  onValueChange={field.onChange}
                  options={ACCESS_OPTIONS}
                  placeholder="Select access level"
                  invalid={Boolean(errors.accessLevel)}
                  aria-describedby={errors.accessLevel ? "add-user-access-error" : undefined}
                />
              )}
            />
            <FieldMessage id="add-user-access-error" message={errors.accessLevel?.message} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
              {add.isPending ? "Adding..." : "Add User"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

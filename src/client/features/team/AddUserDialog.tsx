// The add-user dialog: email and access level, with the shared schema's validation messages (the server gives the same).
import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { ACCESS_LEVEL_DESCRIPTIONS, ACCESS_LEVEL_LABELS, MEMBER_ACCESS_LEVELS } from "../../../shared/domain/project-access";
import { type AddProjectUserInput, addProjectUserSchema } from "../../../shared/schemas/team";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
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
        setServerFieldErrors(form, serverFieldErrors(error));
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
          <Field id="add-user-email" label="Email Address" error={errors.email?.message}>
            {(control) => (
              <Input
                type="email"
                autoComplete="off"
                placeholder="colleague@company.com"
                {...control}
                {...form.register("email")}
              />
            )}
          </Field>
          <Field id="add-user-access" label="Access Level" error={errors.accessLevel?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="accessLevel"
                render={({ field }) => (
                  <Select
                    {...control}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={ACCESS_OPTIONS}
                    placeholder="Select access level"
                  />
                )}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <PendingButton type="submit" pending={add.isPending} icon={UserPlus}>
              {add.isPending ? "Adding..." : "Add User"}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// New Project asks first: the package to build it on (the profile's package preselected), then Create. The new
// project is then put in view (its code in the URL).
import { FolderPlus } from "lucide-react";
import { useEffect } from "react";
import { Controller } from "react-hook-form";
import { PACKAGE_TYPES, PACKAGES, type PackageType } from "../../../shared/constants/packages";
import { type NewProjectForm, newProjectFormSchema, type Project } from "../../../shared/schemas/project";
import { FormDialog } from "../../components/kit/FormDialog";
import { FieldMessage } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { useSchemaForm } from "../../lib/form";
import { useProfile } from "../onboarding/api/get-profile";
import { useCreateProject } from "./api/create-project";
import { reportNewProjectFailure } from "./project-messages";

const title = (type: PackageType) => PACKAGES[type].name.charAt(0) + PACKAGES[type].name.slice(1).toLowerCase();

export function NewProjectDialog(props: { open: boolean; onClose: () => void; onCreated: (project: Project) => void }) {
  const profile = useProfile();
  const profilePackage = profile.data?.packageType ?? null;
  const defaults: NewProjectForm = { packageType: profilePackage ?? "basic" };
  const form = useSchemaForm(newProjectFormSchema, defaults);
  const create = useCreateProject();
  const errors = form.formState.errors;

  // The profile may arrive after the dialog's first render: its package is the default until the customer picks.
  useEffect(() => {
    if (props.open && profilePackage && !form.formState.dirtyFields.packageType) {
      form.reset({ packageType: profilePackage });
    }
  }, [props.open, profilePackage, form]);

  return (
    <FormDialog
      form={form}
      open={props.open}
      onClose={props.onClose}
      onSubmit={async (values) => {
        try {
          const project = await create.mutateAsync(values);
          toast({ title: "New project created", description: `${project.projectCode} is ready for its requirements.` });
          form.reset(defaults);
          props.onCreated(project);
        } catch (error) {
          reportNewProjectFailure(error);
          props.onClose();
        }
      }}
      title="New Project"
      description="Choose the package for this prototype. You can describe what it should do once it is created."
      submitLabel="Create"
      pendingLabel="Creating..."
      icon={<FolderPlus aria-hidden="true" />}
      errorText="Failed to create new project"
      className="sm:max-w-xl"
    >
      <fieldset className="grid gap-2" aria-describedby={errors.packageType ? "new-project-package-error" : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Package</legend>
        <Controller
          control={form.control}
          name="packageType"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-3">
              {PACKAGE_TYPES.map((type) => (
                <label key={type} className="relative block cursor-pointer">
                  <input
                    type="radio"
                    name={field.name}
                    value={type}
                    checked={field.value === type}
                    onChange={() => field.onChange(type)}
                    onBlur={field.onBlur}
                    className="peer sr-only"
                  />
                  <span className="flex h-full flex-col rounded-lg border border-slate-300 px-3 py-2 text-sm peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600">
                    <span className="font-semibold text-slate-900">{title(type)}</span>
                    <span className="text-slate-600">
                      {PACKAGES[type].deliveryHours}-hour prototype · {PACKAGES[type].users} users
                    </span>
                    {type === profilePackage && <span className="mt-1 text-xs font-medium text-brand-700">Your package</span>}
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        <FieldMessage id="new-project-package-error" message={errors.packageType?.message} />
      </fieldset>
    </FormDialog>
  );
}

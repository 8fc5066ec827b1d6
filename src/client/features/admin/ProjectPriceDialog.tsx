// The project's price in the console: the plan's price in the project's currency, or a custom price the company
// quoted with its reason (decision 0035). Saved through PATCH /api/company/projects/{id} `{price, priceReason}`.
import { useState } from "react";
import { Controller } from "react-hook-form";
import { CURRENCIES } from "../../../shared/constants/packages";
import { moneyText, planPrice, priceSourceLabel } from "../../../shared/domain/pricing";
import {
  type AdminProject,
  type ProjectPriceForm,
  type ProjectPriceFormInput,
  projectPriceFormSchema,
} from "../../../shared/schemas/admin";
import { FormDialog } from "../../components/kit/FormDialog";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { useSchemaForm } from "../../lib/form";
import { packageLabel } from "./admin-format";
import { useUpdateProject } from "./api/update-project";

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

export function ProjectPriceDialog({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  const update = useUpdateProject();
  const price = project.price;
  const form = useSchemaForm<ProjectPriceFormInput, ProjectPriceForm>(projectPriceFormSchema, {
    price: { amount: price?.source === "custom" ? price.amount : "", currency: price?.currency ?? "USD" },
    priceReason: project.priceReason ?? "",
  });
  const errors = form.formState.errors;
  const currency = form.watch("price.currency");
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      onSubmit={async ({ price: next, priceReason }) => {
        await update.mutateAsync({
          id: project.id,
          patch: next.amount === null ? { price: next } : { price: next, priceReason },
        });
        toast({ title: "Price saved", description: "The customer sees the new price and payment schedule.", variant: "success" });
        onClose();
      }}
      title="Project price"
      description={`${project.projectCode} · ${packageLabel(project.packageType)} plan price ${moneyText(planPrice(project.packageType, currency), currency)}`}
      submitLabel="Save price"
      pendingLabel="Saving..."
      errorText="The price could not be saved."
      formLabel="Project price"
    >
      <Field label="Currency" error={errors.price?.currency?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="price.currency"
            render={({ field }) => (
              <Select {...control} value={field.value} onValueChange={field.onChange} options={CURRENCY_OPTIONS} />
            )}
          />
        )}
      </Field>
      <Field
        label="Custom price"
        hint="Leave empty to charge the plan's price. The payment phases follow the schedule (50% advance, 50% on delivery)."
        error={errors.price?.amount?.message}
      >
        {(control) => <Input {...control} inputMode="decimal" placeholder="e.g. 2500" {...form.register("price.amount")} />}
      </Field>
      <Field
        label="Reason"
        hint="Required with a custom price; kept with it and in the audit log."
        error={errors.priceReason?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register("priceReason")} />}
      </Field>
    </FormDialog>
  );
}

/** The details' Price row: the figure, what it is (and why, when custom), and the button that changes it. */
export function ProjectPriceSummary({ project }: { project: AdminProject }) {
  const [editing, setEditing] = useState(false);
  const { price } = project;
  if (!price) return null;
  return (
    <div className="grid gap-1" data-testid="project-price">
      <p>
        <span className="font-medium">{moneyText(price.amount, price.currency)}</span>
        <span className="text-slate-500"> · {priceSourceLabel(price, project.packageType)}</span>
      </p>
      {project.priceReason && <p className="text-xs text-slate-600">Reason: {project.priceReason}</p>}
      <div>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Change price
        </Button>
      </div>
      {editing && <ProjectPriceDialog project={project} onClose={() => setEditing(false)} />}
    </div>
  );
}

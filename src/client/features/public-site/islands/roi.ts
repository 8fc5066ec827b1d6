// The ROI calculator on a pre-rendered page: recalculates as the visitor changes the inputs, with the shared rule
// (shared/domain/roi.ts) and the component's own formatting (components/roi-format.ts).
import { PACKAGES, type PackageType } from "../../../../shared/constants/packages";
import { calculateRoi, ROI_LIMITS } from "../../../../shared/domain/roi";
import { budgetDigits, formatBudget, perDollarText, usd } from "../components/roi-format";

export function roiIsland(root: HTMLElement): void {
  const find = <E extends Element = HTMLElement>(hook: string) => root.querySelector<E>(`[data-roi="${hook}"]`);
  const budget = find<HTMLInputElement>("budget");
  const percent = find<HTMLInputElement>("percent");
  const rangeNote = find("budget-range");
  if (!budget || !percent || !rangeNote) return;
  const describedBy = budget.getAttribute("aria-describedby")?.split(" ")[0] ?? "";

  const update = () => {
    const digits = budgetDigits(budget.value);
    budget.value = formatBudget(digits);
    const typedBudget = Number(digits);
    const outOfRange = typedBudget < ROI_LIMITS.buildBudget.min || typedBudget > ROI_LIMITS.buildBudget.max;
    rangeNote.hidden = !outOfRange;
    if (outOfRange) budget.setAttribute("aria-invalid", "true");
    else budget.removeAttribute("aria-invalid");
    budget.setAttribute("aria-describedby", outOfRange ? `${describedBy} ${rangeNote.id}` : describedBy);

    const checked = root.querySelector<HTMLInputElement>('[data-roi="package"]:checked');
    const packageType = (checked && checked.value in PACKAGES ? checked.value : "advanced") as PackageType;
    const reworkAvoidedPercent = Number(percent.value);
    const result = calculateRoi({ buildBudget: typedBudget, reworkAvoidedPercent, packageType });
    const write = (hook: string, text: string) => {
      const element = find(hook);
      if (element) element.textContent = text;
    };
    write("percent-out", `${reworkAvoidedPercent}%`);
    percent.setAttribute("aria-valuetext", `${reworkAvoidedPercent} percent`);
    write("savings", usd(result.savings));
    write("cost", usd(result.prototypeCost));
    write("net", usd(result.netSavings));
    write("per-dollar", perDollarText(result.savedPerDollar));
  };
  root.addEventListener("input", update);
  root.addEventListener("change", update);
}

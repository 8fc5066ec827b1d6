// /verify (public, and for signed-in users too): upload a signed NDA or an exported brief and learn whether it is
// exactly a file the portal issued, and whose content it is. Kept light: no query library, no forms library, one small chunk.
import { BadgeCheck, CheckCircle2, FileSearch, Loader2, type LucideIcon, ShieldAlert, Upload } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { VERIFY_MAX_BYTES } from "../../../shared/constants/documents";
import { verdictFor } from "../../../shared/domain/issued-documents";
import type { DocumentCheck, DocumentSeal } from "../../../shared/schemas/nda";
import { FilePicker } from "../../components/kit/FilePicker";
import { ApiError, serverMessage } from "../../lib/api";
import { formatDate, formatUtcTimestamp } from "../../lib/date-time";
import { checkDocument } from "./api/check-document";

type State =
  | { step: "idle" }
  | { step: "checking"; name: string }
  | { step: "done"; name: string; result: DocumentCheck }
  | { step: "error"; message: string };

const TOO_LARGE = "The file is larger than 20 MB";
const STATUS_TEXT: Record<string, string> = {
  approved: "Signed by the client and approved by Blueprint",
  customer_verified: "Signed by the client, awaiting Blueprint's approval at the time it was issued",
};

const utc = formatUtcTimestamp;

/** How a verdict looks: a file no portal issued, one a customer exported (not an agreement), one the portal issued. */
const VERDICT_TONES = {
  unknown: { box: "gap-2 border-red-200 bg-red-50 text-red-900", icon: "" },
  exported: { box: "gap-3 border-sky-200 bg-sky-50 text-sky-950", icon: "text-sky-600" },
  issued: { box: "gap-3 border-emerald-200 bg-emerald-50 text-emerald-950", icon: "text-emerald-600" },
};

/** Whose content a matched file holds decides how it is told: the customer's brief, or Blueprint's NDA. */
const MATCHED = {
  customer: {
    tone: "exported",
    icon: FileSearch,
    explanation: "is exactly the file the portal exported, byte for byte. It is not an agreement.",
  },
  blueprint: { tone: "issued", icon: CheckCircle2, explanation: "is exactly the file the portal issued, byte for byte." },
} as const;

/** What /verify says of a checked file. */
export function VerifyResult({ name, result }: { name: string; result: DocumentCheck }) {
  const doc = result.document;
  if (!result.valid || !doc) {
    return (
      <Verdict
        tone="unknown"
        icon={ShieldAlert}
        title="Not a document issued by Blueprint"
        name={name}
        explanation="does not match any document this portal issued. It may have been changed, even by one character, or it comes from somewhere else."
      >
        <p className="font-mono text-xs break-all">SHA-256 {result.sha256}</p>
      </Verdict>
    );
  }
  const matched = MATCHED[doc.authoredBy];
  return (
    <Verdict tone={matched.tone} icon={matched.icon} title={verdictFor(doc)} name={name} explanation={matched.explanation}>
      <ResultRows rows={resultRows(doc)} />
      <Fingerprint sha256={result.sha256} seals={doc.signatures} />
    </Verdict>
  );
}

function resultRows(doc: NonNullable<DocumentCheck["document"]>): Array<[string, string]> {
  if (doc.authoredBy === "customer") {
    return [
      ["Document", doc.title],
      ["Written by", "The customer (Blueprint did not write or approve its content)"],
      ["Exported", formatDate(doc.issuedAt)],
    ];
  }
  return [
    ["Document", doc.title],
    ["Client", [doc.customerName, doc.companyName].filter(Boolean).join(", ") || "—"],
    ["Signer email", doc.signerEmail ?? "—"],
    ["Signed", utc(doc.signedAt)],
    ["Approved", doc.approvedAt ? `${utc(doc.approvedAt)} by ${doc.approvedBy ?? "Blueprint"}` : "Not approved in this copy"],
    ["Status", STATUS_TEXT[doc.status] ?? doc.status],
    ["Issued", formatDate(doc.issuedAt)],
  ];
}

function Verdict(props: {
  tone: keyof typeof VERDICT_TONES;
  icon: LucideIcon;
  title: string;
  /** The file's name, in bold at the start of the explanation. */
  name: string;
  explanation: string;
  children: ReactNode;
}) {
  const tone = VERDICT_TONES[props.tone];
  const Icon = props.icon;
  return (
    <div role="status" className={`grid rounded-xl border p-5 ${tone.box}`}>
      <p className="flex items-center gap-2 text-lg font-semibold">
        <Icon className={`size-6 ${tone.icon}`} aria-hidden="true" />
        {props.title}
      </p>
      <p className="text-sm">
        <strong>{props.name}</strong> {props.explanation}
      </p>
      {props.children}
    </div>
  );
}

/** The file's hash beside its digital signatures, which any PDF reader can check without this page. */
function Fingerprint({ sha256, seals }: { sha256: string; seals: DocumentSeal[] }) {
  return (
    <div className="grid gap-2 border-t border-current/10 pt-3">
      <p className="font-mono text-xs break-all">SHA-256 {sha256}</p>
      {seals.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">Digital signatures in the file</p>
          <ol className="grid gap-1">
            {seals.map((seal) => (
              <li key={`${seal.signedAt} ${seal.reason}`} className="flex items-start gap-2">
                <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  Signed by <strong>{seal.signer}</strong> at {utc(seal.signedAt)}
                  <span className="block text-xs opacity-80">{seal.reason}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="text-xs opacity-80">
            A PDF reader (Acrobat, Preview, pdfsig) checks these signatures itself: any change to the file breaks them.
          </p>
        </div>
      )}
    </div>
  );
}

function ResultRows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VerifyPage() {
  const [state, setState] = useState<State>({ step: "idle" });
  const inputId = useId();

  const start = (file: File) => {
    if (file.size > VERIFY_MAX_BYTES) {
      setState({ step: "error", message: TOO_LARGE });
      return;
    }
    setState({ step: "checking", name: file.name });
    checkDocument(file)
      .then((result) => setState({ step: "done", name: file.name, result }))
      .catch((error: unknown) =>
        setState({
          step: "error",
          message:
            error instanceof ApiError && error.status === 413
              ? TOO_LARGE
              : serverMessage(error, error instanceof Error ? error.message : "The check failed. Please try again."),
        }),
      );
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-5">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <img src="/favicon.svg" alt="" className="size-8" />
          Blueprint
        </Link>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 pb-16">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Verify a signed NDA</h1>
          <p className="mt-2 text-slate-600">
            Upload a PDF to check that it is exactly a document the Blueprint portal issued, and see who signed it and when. The
            file is only read to compute its fingerprint; it is not stored.
          </p>
        </div>
        <FilePicker
          input={{ id: inputId, "aria-describedby": undefined, "aria-invalid": undefined }}
          accept="application/pdf,.pdf"
          disabled={state.step === "checking"}
          onFile={start}
          className="rounded-xl border-2 border-dashed border-slate-300 bg-white transition-colors focus-within:outline-2 focus-within:outline-brand-600 hover:border-brand-400"
          draggingClassName="border-brand-500 bg-brand-50"
        >
          {() => (
            <label htmlFor={inputId} className="flex cursor-pointer flex-col items-center gap-3 p-10 text-center">
              {state.step === "checking" ? (
                <Loader2 className="size-10 animate-spin text-brand-600" aria-hidden="true" />
              ) : (
                <Upload className="size-10 text-brand-600" aria-hidden="true" />
              )}
              <span className="font-semibold text-slate-900">
                {state.step === "checking" ? `Checking ${state.name}...` : "Choose a PDF or drop it here"}
              </span>
              <span className="text-sm text-slate-500">PDF only, up to 20 MB</span>
            </label>
          )}
        </FilePicker>
        {state.step === "done" && <VerifyResult name={state.name} result={state.result} />}
        {state.step === "error" && (
          <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <FileSearch className="size-5" aria-hidden="true" />
            {state.message}
          </p>
        )}
      </main>
    </div>
  );
}

// /profile: Profile Information with Package Details, Legal Documentation and Profile Completion, then
// the account's own settings: notifications, the data export and the danger zone. An invited member gets a personal
// profile instead (PersonalProfile).
import { Download, ExternalLink, FileSignature, Package } from "lucide-react";
import { Link } from "react-router";
import { COMPANY_SIZES_SETUP } from "../../../shared/constants/lists";
import { formatPrice, PACKAGES, type PackageType } from "../../../shared/constants/packages";
import { ndaStatusDisplay } from "../../../shared/domain/nda-status";
import { isInvitedMemberOnly, profileCompletionPercent } from "../../../shared/domain/onboarding";
import type { Profile } from "../../../shared/schemas/profile";
import { TimeZoneCard } from "../../components/account/TimeZoneCard";
import { PageHeader } from "../../components/layout/PageHeader";
import { AccessUntil } from "../../components/project/AccessUntil";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle, CardTitle } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/date-time";
import { useAuth } from "../auth/api/get-current-user";
import { useProjects } from "../projects/api/get-projects";
import { useProfile } from "./api/get-profile";
import { NDA_LINKS } from "./api/nda-documents";
import { CompanyProfileForm } from "./CompanyProfileForm";
import { YourDataColumn } from "./DataAndDeletion";
import { openDocument } from "./NdaAgreementTab";
import { NotificationSettings } from "./NotificationSettings";
import { PersonalProfile } from "./PersonalProfile";
import { UpdateNdaButton } from "./UpdateNdaButton";

const TONE_TO_BADGE = { neutral: "secondary", success: "success", warning: "warning", info: "default" } as const;

function PackageDetails({
  packageType,
  project,
}: {
  packageType: PackageType | null;
  project: { customerAccessExpiryDate?: string | null } | null;
}) {
  const info = packageType ? PACKAGES[packageType] : null;
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={Package}>Package Details</CardIconTitle>
      </CardHeader>
      <CardContent>
        {info ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Package</dt>
            <dd className="font-semibold text-slate-900">
              {info.name}
              {info.mostPopular && (
                <Badge className="ml-2" variant="default">
                  Most Popular
                </Badge>
              )}
            </dd>
            <dt className="text-slate-600">Price</dt>
            <dd className="text-slate-900">
              {formatPrice(info.prices.USD, "USD")} / {formatPrice(info.prices.INR, "INR")}
            </dd>
            <dt className="text-slate-600">Delivery</dt>
            <dd className="text-slate-900">{info.deliveryHours} hours</dd>
            <dt className="text-slate-600">Users</dt>
            <dd className="text-slate-900">
              {info.users} users for {info.accessMonths} months
            </dd>
            <dt className="text-slate-600">Iterations</dt>
            <dd className="text-slate-900">{info.iterations} rounds</dd>
            <dt className="text-slate-600">Access until</dt>
            <dd className="text-slate-900">
              {project ? <AccessUntil project={project} /> : "Set once the prototype is deployed"}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-slate-600">
            No package chosen yet. Pick one in the form; the Basic package applies until then.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function LegalDocumentation({ profile }: { profile: Profile | null }) {
  const status = ndaStatusDisplay(profile);
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={FileSignature}>Legal Documentation</CardIconTitle>
        <CardDescription>Non-Disclosure Agreement</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-slate-600">Status</span>
          <Badge variant={TONE_TO_BADGE[status.tone]}>{status.label}</Badge>
        </div>
        {profile?.ndaSignedAt && <p className="text-sm text-slate-600">Signed on {formatDate(profile.ndaSignedAt)}</p>}
        {profile?.ndaSigned ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => openDocument(NDA_LINKS.signed)}>
              <ExternalLink aria-hidden="true" />
              View
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={NDA_LINKS.downloadSigned} download>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
            <UpdateNdaButton />
          </div>
        ) : profile?.profileCompleted ? (
          <Button asChild size="sm">
            <Link to="/onboarding">Sign NDA</Link>
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Save your profile first; then you can sign the NDA.</p>
        )}
      </CardContent>
    </Card>
  );
}

function ProfileCompletion({ profile }: { profile: Profile | null }) {
  const percent = profileCompletionPercent(profile);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Completion</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex justify-between text-sm">
          <span className="text-slate-600">{percent === 100 ? "Profile complete" : "Almost there"}</span>
          <span className="font-semibold text-slate-900">{percent}%</span>
        </div>
        <Progress value={percent} label="Profile completion" />
        {percent < 100 && (
          <p className="text-sm text-slate-600">Fill in the required fields and save to complete your profile.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const { user } = useAuth();
  const profile = useProfile();
  const projects = useProjects();
  if (profile.isPending || projects.isPending || !user) {
    return (
      <>
        <PageHeader title="Profile Settings" />
        <Skeleton className="h-96 w-full" />
      </>
    );
  }
  const data = profile.data ?? null;
  if (isInvitedMemberOnly(data, projects.data)) return <PersonalProfile user={user} />;
  // The project holds its package; the profile's choice only seeds the first one (and later new ones).
  const ownProject = projects.data?.find((project) => project.accessLevel === "owner") ?? null;
  const packageType = ownProject?.packageType ?? data?.packageType ?? null;
  return (
    <>
      <PageHeader title="Profile Settings" description="Your company profile, package and NDA status." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Profile Information</CardTitle>
            <CardDescription>Keep your details current; we use them on your NDA and project documents.</CardDescription>
          </CardHeader>
          <CardContent>
            <CompanyProfileForm
              key={data?.updatedAt ?? "new"}
              profile={data}
              userEmail={user.email}
              userName={user.name ?? ""}
              companySizes={COMPANY_SIZES_SETUP}
              submitLabel="Save Profile"
              projectPackage={ownProject}
            />
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <PackageDetails packageType={packageType} project={ownProject ?? projects.data?.[0] ?? null} />
          <LegalDocumentation profile={data} />
          <ProfileCompletion profile={data} />
        </div>
        <div className="lg:col-span-2">
          <NotificationSettings />
        </div>
        <YourDataColumn email={user.email} />
        <div className="lg:col-span-2">
          <TimeZoneCard user={user} />
        </div>
      </div>
    </>
  );
}

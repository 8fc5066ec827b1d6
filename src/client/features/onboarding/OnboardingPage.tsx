// /onboarding: Company Setup, NDA Agreement and Prototype Status, with their badges and locks.
import { CheckCircle2, Lock, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { COMPANY_SIZES } from "../../../shared/constants/lists";
import {
  initialOnboardingTab,
  isInvitedMemberOnly,
  isTabLocked,
  type OnboardingTab,
  ownOnboardingProject,
  type StepBadge as StepBadgeText,
  stepBadge,
} from "../../../shared/domain/onboarding";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { Profile } from "../../../shared/schemas/profile";
import { EmptyState } from "../../components/kit/EmptyState";
import { PageHeader } from "../../components/layout/PageHeader";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useAuth } from "../auth/api/get-current-user";
import { useProjects } from "../projects/api/get-projects";
import { useProfile } from "./api/get-profile";
import { CompanyProfileForm } from "./CompanyProfileForm";
import { NdaAgreementTab } from "./NdaAgreementTab";
import { PrototypeStatusTab } from "./PrototypeStatusTab";

const TABS: Array<{ id: OnboardingTab; label: string }> = [
  { id: "company", label: "Company Setup" },
  { id: "nda", label: "NDA Agreement" },
  { id: "prototype", label: "Prototype Status" },
];

function StepBadge({ text }: { text: StepBadgeText }) {
  if (text === "Complete") {
    return (
      <Badge variant="success">
        <CheckCircle2 className="size-3" aria-hidden="true" />
        Complete
      </Badge>
    );
  }
  if (text === "Locked") {
    return (
      <Badge variant="secondary">
        <Lock className="size-3" aria-hidden="true" />
        Locked
      </Badge>
    );
  }
  return <Badge variant="warning">{text}</Badge>;
}

function OnboardingTabs({ user, profile }: { user: CurrentUser; profile: Profile | null }) {
  const projects = useProjects();
  const facts = { profile, project: ownOnboardingProject(projects.data) };
  const [tab, setTab] = useState<OnboardingTab>(() => initialOnboardingTab(facts));

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as OnboardingTab)}>
      <TabsList aria-label="Onboarding steps" className="w-full sm:w-auto">
        {TABS.map((item, index) => (
          <TabsTrigger key={item.id} value={item.id} disabled={isTabLocked(item.id, facts)} className="flex-1 sm:flex-none">
            <span className="hidden text-slate-400 sm:inline">{index + 1}.</span>
            {item.label}
            <StepBadge text={stepBadge(item.id, facts)} />
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value="company">
        <Card>
          <CardHeader>
            <CardTitle>Company Setup</CardTitle>
            <CardDescription>Tell us about you and your company. It takes 5-10 minutes.</CardDescription>
          </CardHeader>
          <CardContent>
            <CompanyProfileForm
              profile={profile}
              userEmail={user.email}
              userName={user.name ?? ""}
              companySizes={COMPANY_SIZES}
              submitLabel="Save & Continue"
              onSaved={() => setTab("nda")}
            />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="nda">
        {profile && <NdaAgreementTab profile={profile} email={user.email} onSigned={() => setTab("prototype")} />}
      </TabsContent>
      <TabsContent value="prototype">
        <PrototypeStatusTab />
      </TabsContent>
    </Tabs>
  );
}

/** An invited member has no owner's onboarding: no Company Setup, no NDA; their projects are someone else's. */
function NothingToSetUp() {
  return (
    <Card>
      <EmptyState
        icon={Users}
        tone="muted"
        title="Nothing to set up"
        titleAs="h2"
        description="You were invited to work in another company's project: its owner set up the company and signed the NDA. Your project is on the dashboard; your name, time zone and emails are in Profile Settings."
      >
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/profile">Profile Settings</Link>
          </Button>
        </div>
      </EmptyState>
    </Card>
  );
}

export function OnboardingPage() {
  const { user } = useAuth();
  const profile = useProfile();
  const projects = useProjects();
  return (
    <>
      <PageHeader title="Onboarding" description="Set up your company, sign the NDA, and follow your prototype." />
      {profile.isPending || projects.isPending || !user ? (
        <div className="grid gap-4">
          <Skeleton className="h-10 w-96 max-w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : isInvitedMemberOnly(profile.data, projects.data) ? (
        <NothingToSetUp />
      ) : (
        <OnboardingTabs user={user} profile={profile.data ?? null} />
      )}
    </>
  );
}

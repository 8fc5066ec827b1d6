// The company's team in the console (issue 44 §1): GET/POST /api/company/staff, PATCH /api/company/staff/{id}.
// Owners only — 401 for visitors, 403 for customers, admins and managers; every change is audited.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffInviteSchema, staffListSchema, staffMemberSchema, staffUpdateSchema } from "../../../shared/schemas/staff";
import { companyUser, staffOnly } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { inviteStaff, listStaff, staffAuditFields, updateStaff } from "./staff";

const idParams = z.object({ id: z.string().max(64) });

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  await app.register(async (scope) => {
    const owner = scope.withTypeProvider<ZodTypeProvider>();
    staffOnly(owner, "team");

    owner.get(
      "/api/company/staff",
      {
        schema: {
          tags: ["company", "staff"],
          summary:
            "The company's team: name, email, role, status (active, invited, deactivated), last sign-in, projects owned; owners only",
          response: { 200: staffListSchema, ...errorReplies },
        },
      },
      async () => listStaff(ctx),
    );

    owner.post(
      "/api/company/staff",
      {
        config: { audit: { action: "staff.invited" } },
        schema: {
          tags: ["company", "staff"],
          summary:
            "Invite a staff member (email, name, role): their account and an invitation email with a sign-in link; 409 for a customer's or a staff address; owners only",
          body: staffInviteSchema,
          response: { 201: staffMemberSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const member = await inviteStaff(ctx, { inviter: companyUser(request), input: request.body });
        return reply.code(201).send(member);
      },
    );

    owner.patch(
      "/api/company/staff/:id",
      {
        config: {
          audit: { action: "staff.updated", snapshot: async (db, params) => staffAuditFields(db, params.id ?? "") },
        },
        schema: {
          tags: ["company", "staff"],
          summary:
            "Change a staff member's role or access (active false ends their sessions at once and refuses their sign-in); 409 for the last active owner or an ADMIN_EMAILS owner; owners only",
          params: idParams,
          body: staffUpdateSchema,
          response: { 200: staffMemberSchema, ...errorReplies },
        },
      },
      async (request) => updateStaff(ctx, { actor: companyUser(request), id: request.params.id, input: request.body }),
    );
  });
};

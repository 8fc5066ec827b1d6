// Loaded on demand by the contact forms (see lazy-resolver.ts): the shared schemas as react-hook-form resolvers.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  type ContactMessageInput,
  contactMessageSchema,
  type ProjectInquiryInput,
  projectInquirySchema,
} from "../../../shared/schemas/contact";

export const contactMessageResolver = zodResolver(contactMessageSchema) as Resolver<ContactMessageInput>;
export const projectInquiryResolver = zodResolver(projectInquirySchema) as Resolver<ProjectInquiryInput>;

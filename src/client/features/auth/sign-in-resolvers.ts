// Loaded on demand by the sign-in screen (see lib/lazy-resolver.ts): the shared schemas as react-hook-form resolvers.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import { codeSchema, type RequestCodeInput, requestCodeSchema } from "../../../shared/schemas/auth";

export const requestCodeResolver = zodResolver(requestCodeSchema) as Resolver<RequestCodeInput>;
export const codeResolver = zodResolver(z.object({ code: codeSchema })) as Resolver<{ code: string }>;

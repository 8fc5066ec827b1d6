// GET /api/session: whether the visitor is signed in. Only the Contact page asks (for its support button).
import { useEffect, useState } from "react";
import type { SessionReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

const getSession = () => apiRequest<SessionReply>("GET", API.session.path());

/** Whether the visitor has a session: null until known (asked once per page, no cache needed). */
export function useSignedIn(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    getSession()
      .then((reply) => active && setSignedIn(reply.signedIn))
      .catch(() => active && setSignedIn(false));
    return () => {
      active = false;
    };
  }, []);
  return signedIn;
}

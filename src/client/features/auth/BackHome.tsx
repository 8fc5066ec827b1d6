// /auth for someone already signed in: on to the page the sign-in was to return to (/auth?next=…), else home.
import { Navigate, useLocation } from "react-router";
import { returnPathAfterSignIn } from "../../../shared/return-path";

export function BackHome() {
  return <Navigate to={returnPathAfterSignIn(useLocation())} replace />;
}

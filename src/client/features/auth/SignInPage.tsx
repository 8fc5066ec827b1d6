// The sign-in screen inside the portal's router (a visitor who signs out, whose session ended, or who opens /auth from
// within the app). After the code: the page they were sent here from (/auth?next=…), else home.
import { useLocation, useNavigate } from "react-router";
import { returnPathAfterSignIn } from "../../../shared/return-path";
import { SignInScreen } from "./SignInScreen";

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <SignInScreen onHome={() => navigate("/")} onSignedIn={() => navigate(returnPathAfterSignIn(location), { replace: true })} />
  );
}

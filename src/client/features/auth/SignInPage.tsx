// The sign-in screen inside the portal's router (a visitor who signs out, or opens /auth from within the app).
import { useNavigate } from "react-router";
import { SignInScreen } from "./SignInScreen";

export function SignInPage() {
  const navigate = useNavigate();
  return <SignInScreen onHome={() => navigate("/")} onSignedIn={() => navigate("/", { replace: true })} />;
}

// 'Update NDA' on a signed NDA: a signed agreement cannot be changed here, and an alert says so (NDA_MESSAGES).
import { useState } from "react";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";

export function UpdateNdaButton({ size = "sm" }: { size?: "sm" | "default" }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size={size} onClick={() => setShown(true)} aria-expanded={shown}>
        Update NDA
      </Button>
      {shown && (
        <Alert variant="info" role="alert" className="basis-full">
          {NDA_MESSAGES.updateUnavailable}
        </Alert>
      )}
    </>
  );
}

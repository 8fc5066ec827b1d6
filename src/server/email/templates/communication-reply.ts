// A reply in a project's thread, to the other side (the template is communication-message.ts's).
import { threadEmail } from "./communication-message";

export default threadEmail(true);

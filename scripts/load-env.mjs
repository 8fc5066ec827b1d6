// Loads `.env` from the working directory when there is one (`npm start`, `npm run dev`): its values fill only the
// variables the environment does not set already. `.env.example` is documentation and is never read.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

// The two ways a brief is written: the built-in composer (the default) and an OpenAI-compatible model when
// AI_BASE_URL is set. A failing model is reported to the user, never silently replaced by the composer.
import { aiAuthor, BUILTIN_AUTHOR } from "../../../../shared/domain/brief-author";
import { BRIEF_MAX_LENGTH, type BriefGeneratorChoice } from "../../../../shared/schemas/requirements";
import type { Config } from "../../../config";
import { chatCompletion } from "../ai/chat-completions";
import { briefMessages, cleanModelMarkdown } from "./brief-prompt";
import { type BriefInput, composeBrief } from "./compose-brief";

type BriefGenerator = {
  /** Stored with the brief: see shared/domain/brief-author.ts. */
  id: string;
  generate(input: BriefInput): Promise<string>;
};

const builtinComposer: BriefGenerator = {
  id: BUILTIN_AUTHOR,
  generate: async (input) => composeBrief(input),
};

function chatCompletionsGenerator(ai: Config["ai"] & { baseUrl: string }): BriefGenerator {
  return {
    id: aiAuthor(ai.model),
    async generate(input) {
      const reply = await chatCompletion(ai, briefMessages(input));
      return cleanModelMarkdown(reply).slice(0, BRIEF_MAX_LENGTH);
    },
  };
}

/** The AI service when it is configured (unless the user chose the composer); otherwise the composer. */
export function briefGeneratorFor(config: Config, choice?: BriefGeneratorChoice): BriefGenerator {
  const { ai } = config;
  if (choice === "builtin" || !ai.baseUrl) return builtinComposer;
  return chatCompletionsGenerator({ ...ai, baseUrl: ai.baseUrl });
}

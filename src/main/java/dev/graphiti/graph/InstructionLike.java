package dev.graphiti.graph;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Whether stored text speaks to the agent instead of about the project: a fake system or user turn, a role header,
 * "ignore previous instructions", orders addressed to the assistant, a tool call's shape, a download piped into a
 * shell. Such an item is flagged when it is written and kept out of the session brief and prompt recall until a person
 * accepts it in the review queue. Engineering rules ("we always run migrations before deploy") address the team, not
 * the agent, and pass: each sign needs the text to name a conversation's parts or the agent itself.
 */
public final class InstructionLike {

    private record Sign(String reason, Pattern pattern) {
    }

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.MULTILINE;
    /** Who an order to the agent names: an AI agent or assistant, or a model by name (a build agent is not one). */
    private static final String AGENT = "(?:(?:ai|llm|coding)\\s+(?:agents?|assistants?|models?)|claude|chatgpt|copilot"
            + "|the\\s+assistant|assistants)";
    private static final String NOT_A_WORD_GOES_ON = "(?![\\w-])";

    private static final List<Sign> SIGNS = List.of(
            new Sign("a conversation's markup (a system, user or tool tag)", Pattern.compile(
                    "<\\s*/?\\s*(?:system|system[-_ ]?(?:reminder|prompt|message|instructions?)|instructions?|important"
                            + "|admin|tool[-_ ]?(?:call|use|result)s?|function[-_ ]?(?:calls?|results?)|invoke|antml:[a-z_]+"
                            + "|im_start|im_end)" + NOT_A_WORD_GOES_ON + "[^<>]{0,200}>"
                            // lower case only: Promise<User> is a type
                            + "|(?-i:<\\s*/?\\s*(?:user|assistant|human|developer)\\s*>)"
                            + "|<\\|im_(?:start|end)\\|>|\\[/?INST\\]|<<\\s*/?SYS\\s*>>", FLAGS)),
            new Sign("a role header (a turn of system, assistant, human or developer)", Pattern.compile(
                    "^[\\s>#*]*(?:human|assistant)\\s*:"
                            + "|^[\\s>#*]*(?:system|developer)(?:\\s+(?:message|prompt|note))?\\s*:(?=.{0,120}\\b(?:you|your"
                            + "|user|assistant|agent|instructions?|must|always|never|ignore|do\\s+not)\\b)"
                            + "|^[\\s>]*#{1,6}\\s*(?:new\\s+|updated\\s+)?(?:system\\s+prompt|system\\s+message"
                            + "|instructions?\\s+(?:from|by|for)\\s+the\\s+(?:user|system|developer|operator|assistant|agent))",
                    FLAGS)),
            new Sign("an override of the agent's instructions", Pattern.compile(
                    "\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:all\\s+|any\\s+|the\\s+|your\\s+|of\\s+"
                            + "|these\\s+|those\\s+)*(?:previous|prior|above|earlier|preceding|system|original)\\s+"
                            + "(?:instructions?|prompts?|rules|directions|directives|guidelines|messages?)"
                            + "|\\bnew\\s+instructions\\s*:|\\byou\\s+are\\s+now\\s+(?:a|an|in|the)\\b"
                            + "|\\bfrom\\s+now\\s+on,?\\s+you\\s+(?:must|will|should|are)\\b", FLAGS)),
            new Sign("orders addressed to the agent", Pattern.compile(
                    "\\bif\\s+you\\s+are\\s+an?\\s+(?:ai|llm|language\\s+model|agent|assistant|bot)\\b"
                            + "|\\b(?:dear|attention|note\\s+to(?:\\s+the)?|hey)\\s+(?:ai|llm|agents?|assistants?|claude"
                            + "|models?)\\b|\\b" + AGENT + "\\s*(?:[,:]\\s*|\\s+)(?:must|shall|should\\s+always|always"
                            + "|never|do\\s+not|don't)\\s+\\w+|\\bwhen\\s+you\\s+read\\s+this\\b"
                            + "|\\bbefore\\s+(?:answering|responding|replying)(?:\\s*,|\\s+(?:to\\s+)?the\\s+user\\b|\\s+any\\b)"
                            + "|\\b(?:do\\s+not|don't|never)\\s+(?:tell|inform|mention\\s+(?:this\\s+)?to)\\s+the\\s+user"
                            + NOT_A_WORD_GOES_ON + "|\\bwithout\\s+(?:telling|asking|informing)\\s+the\\s+user"
                            + NOT_A_WORD_GOES_ON, FLAGS)),
            new Sign("a tool call's shape", Pattern.compile(
                    "\"(?:tool|tool_name|toolName|function|name|recipient_name)\"\\s*:\\s*\"[\\w.:/-]+\"\\s*,\\s*\""
                            + "(?:arguments|parameters|input|args)\"\\s*:\\s*[{\\[\"]"
                            + "|\"type\"\\s*:\\s*\"(?:tool_use|function_call|tool_call)\""
                            + "|\"method\"\\s*:\\s*\"tools/call\"", FLAGS)),
            new Sign("a download piped into a shell", Pattern.compile(
                    "\\b(?:curl|wget|fetch|iwr|invoke-webrequest)\\b[^|\\n]{0,300}\\|\\s*(?:sudo\\s+)?(?:ba|z|da)?sh\\b"
                            + "|\\b(?:ba|z)?sh\\s+(?:-c\\s+)?[\"']?\\$?<?\\(\\s*(?:curl|wget)\\b"
                            + "|\\b(?:curl|wget)\\b[^|\\n]{0,300}\\|\\s*(?:python3?|perl|ruby|node)\\b", FLAGS)));

    private InstructionLike() {
    }

    /** Why {@code text} reads as instructions to the agent, or empty when it reads as knowledge. */
    public static Optional<String> find(String text) {
        for (Sign sign : SIGNS) {
            if (sign.pattern().matcher(text).find()) {
                return Optional.of(sign.reason());
            }
        }
        return Optional.empty();
    }
}

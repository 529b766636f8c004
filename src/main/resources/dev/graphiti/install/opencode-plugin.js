// graphiti for opencode, written by `graphiti mcp install --client opencode`; `graphiti mcp uninstall` removes it.
// The project's context at a session's start and the items relevant to each prompt, from the same commands Claude
// Code's hooks run (the prompt through the running graphiti server's socket when one answers), added to the system
// prompt of that session's requests; when a session goes idle (its turn ended), its log is captured into the project's
// graph in the background, as Codex's Stop hook does. A memory that is down adds nothing and stops nothing.
import { spawn } from "node:child_process";

const CONTEXT = "@CONTEXT@";
const RECALL = "@RECALL@";
const CAPTURE = "@CAPTURE@";

function run(command, input, cwd) {
  return new Promise((resolve) => {
    let out = "";
    try {
      const child = spawn("sh", ["-c", command], { cwd, stdio: ["pipe", "pipe", "ignore"] });
      child.stdout.on("data", (chunk) => { out += chunk; });
      child.on("error", () => resolve(""));
      child.on("close", () => resolve(out));
      child.stdin.on("error", () => {});
      child.stdin.end(JSON.stringify(input));
    } catch {
      resolve("");
    }
  });
}

function additionalContext(out) {
  try {
    return JSON.parse(out).hookSpecificOutput.additionalContext || "";
  } catch {
    return "";
  }
}

export const GraphitiPlugin = async ({ directory }) => {
  const contexts = new Map();
  const recalled = new Map();
  const context = (sessionID) => {
    if (!contexts.has(sessionID)) {
      contexts.set(sessionID, run(CONTEXT, { session_id: sessionID, hook_event_name: "SessionStart", cwd: directory,
        source: "startup" }, directory));
    }
    return contexts.get(sessionID);
  };
  // `capture --async` returns at once; nothing waits for it.
  const capture = (input) => run(CAPTURE, input, directory);
  // A subagent's session (a task's, its info.parentID set) goes idle too; its work is its parent's and graphiti
  // passes it over, so starting a capture for it would only cost a JVM.
  const subagents = new Set();
  return {
    event: async ({ event }) => {
      const info = event.properties?.info;
      if ((event.type === "session.created" || event.type === "session.updated") && info?.parentID) {
        subagents.add(info.id);
      }
      if (event.type === "session.idle" && event.properties?.sessionID && !subagents.has(event.properties.sessionID)) {
        capture({ session_id: event.properties.sessionID, hook_event_name: "Stop", cwd: directory });
      }
    },
    "chat.message": async (input, output) => {
      context(input.sessionID);
      const prompt = output.parts.filter((part) => part.type === "text" && !part.synthetic)
        .map((part) => part.text).join("\n").trim();
      recalled.set(input.sessionID, prompt ? additionalContext(await run(RECALL, { session_id: input.sessionID,
        hook_event_name: "UserPromptSubmit", cwd: directory, prompt }, directory)) : "");
    },
    "experimental.chat.system.transform": async (input, output) => {
      if (!input.sessionID) {
        return;
      }
      const text = (await context(input.sessionID)).trim();
      if (text) {
        output.system.push(text);
      }
      const items = recalled.get(input.sessionID);
      if (items) {
        output.system.push(items);
      }
    },
  };
};

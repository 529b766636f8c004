package dev.graphiti.install;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A temporary HOME as a Claude Code user has it: ~/.claude.json with other servers, projects and keys, and settings.json with other hooks. */
final class ClaudeHomeFixture {

    /** ~/.claude.json as Claude Code writes it: JSON.stringify(config, null, 2), no trailing newline. */
    static final String CLAUDE_JSON = """
            {
              "numStartups": 42,
              "installMethod": "npm-global",
              "autoUpdates": true,
              "tipsHistory": {
                "new-user-warmup": 7,
                "memory-command": 12
              },
              "mcpServers": {
                "playwright": {
                  "type": "stdio",
                  "command": "npx",
                  "args": [
                    "-y",
                    "@playwright/mcp@latest"
                  ],
                  "env": {}
                },
                "docs": {
                  "type": "http",
                  "url": "https://example.com/mcp"
                }
              },
              "projects": {
                "/home/dev/shop": {
                  "allowedTools": [],
                  "history": [
                    {
                      "display": "fix the \\"cart\\" total — überall",
                      "pastedContents": {}
                    }
                  ],
                  "mcpContextUris": [],
                  "mcpServers": {},
                  "enabledMcpjsonServers": [],
                  "disabledMcpjsonServers": [],
                  "hasTrustDialogAccepted": true,
                  "lastCost": 0.4211,
                  "lastTotalInputTokens": 120033
                }
              },
              "userID": "0f3c9a",
              "firstStartTime": "2026-01-04T09:12:44.512Z",
              "someFutureKey": {
                "nested": [
                  1,
                  2.5,
                  null,
                  false
                ]
              }
            }""";

    /** ~/.claude/settings.json with the user's own hooks, including one on Stop. */
    static final String SETTINGS_JSON = """
            {
              "$schema": "https://json.schemastore.org/claude-code-settings.json",
              "permissions": {
                "allow": [
                  "Bash(npm run test:*)"
                ],
                "deny": []
              },
              "hooks": {
                "PreToolUse": [
                  {
                    "matcher": "Bash",
                    "hooks": [
                      {
                        "type": "command",
                        "command": "~/.claude/hooks/guard.sh"
                      }
                    ]
                  }
                ],
                "Stop": [
                  {
                    "hooks": [
                      {
                        "type": "command",
                        "command": "notify-send done"
                      }
                    ]
                  }
                ]
              },
              "model": "opus"
            }
            """;

    static final LaunchCommand COMMAND = new LaunchCommand(
            List.of("/opt/jdk 17/bin/java", "-jar", "/opt/graphiti/graphiti.jar"), true);

    final Path home;

    ClaudeHomeFixture(Path home) {
        this.home = home;
    }

    ClaudeHomeFixture withClaudeJson(String text) throws IOException {
        Files.writeString(home.resolve(".claude.json"), text, StandardCharsets.UTF_8);
        return this;
    }

    ClaudeHomeFixture withSettings(String text) throws IOException {
        Files.createDirectories(home.resolve(".claude"));
        Files.writeString(home.resolve(".claude/settings.json"), text, StandardCharsets.UTF_8);
        return this;
    }

    ClaudeLocations user() throws InstallException {
        return ClaudeLocations.user(Map.of("HOME", home.toString()), Optional.empty());
    }

    InstallReport install(LaunchCommand command, boolean force) throws InstallException {
        return new ClaudeInstall(user(), command, force).run();
    }

    InstallReport uninstall(boolean force) throws InstallException {
        return new ClaudeUninstall(user(), Optional.of(COMMAND), force).run();
    }

    String read(String relative) throws IOException {
        return Files.readString(home.resolve(relative), StandardCharsets.UTF_8);
    }
}

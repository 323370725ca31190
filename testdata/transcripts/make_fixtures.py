#!/usr/bin/env python3
"""Writes the transcript fixtures in Claude Code's and Codex's on-disk formats.

Run from this directory: python3 make_fixtures.py  (needs the zstd CLI for the .jsonl.zst rollout).
The secrets planted here are fake but real-shaped; planted-secrets.tsv lists each with the rule that must catch it.
Every record type the parsers must skip (meta, sidechain, slash-command noise, thinking, summary, system, progress,
unknown types) is present, and so are malformed lines.
"""
import json
import os
import subprocess

CWD = "/home/dana/src/ledgerd"
CLAUDE_SESSION = "7f3c2a9e-1b4d-4c8e-9a2f-5d6e7f8a9b0c"
CODEX_SESSION = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
CODEX_ZST_SESSION = "0199a1b3-0000-7e5f-8a9b-0c1d2e3f4a5c"

# rule -> fake secret; the scanner must redact every one of them.
SECRETS = {
    "aws_access_key_id": "AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "anthropic_api_key": "sk-ant-api03-FAKEfake0000aaaa1111bbbb2222cccc3333dddd4444eeee5555ffff-FAKEfakeAA",
    "openai_project_key": "sk-proj-FAKEfake1234567890abcdefghijklmnopqrstuvwxyzABCD",
    "openai_service_key": "sk-svcacct-FAKEfake1234567890abcdefghijklmnopqrstu",
    "openai_admin_key": "sk-admin-FAKEfake1234567890abcdefghijklmnopqrstuvw",
    "openai_legacy_key": "sk-FAKEfake1234567890abcdefghijklmnopqrstuvwxyz12",
    "github_ghp": "ghp_FAKEfake0123456789abcdefghijklmnopqr",
    "github_gho": "gho_FAKEfake0123456789abcdefghijklmnopqr",
    "github_ghu": "ghu_FAKEfake0123456789abcdefghijklmnopqr",
    "github_ghs": "ghs_FAKEfake0123456789abcdefghijklmnopqr",
    "github_ghr": "ghr_FAKEfake0123456789abcdefghijklmnopqr",
    "github_pat": "github_pat_11FAKEFAKE0_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij",
    "gitlab_token": "glpat-FAKEfake0123456789ab",
    "slack_token": "xoxb-1234567890-0987654321-FAKEfakeFAKEfake",
    "stripe_key": "sk_live_FAKEfake0123456789abcdef",
    "google_api_key": "AIzaSyFAKEfake0123456789abcdefghijklmno",
    "npm_token": "npm_FAKEfake0123456789abcdefghijklmnopqr",
    "pypi_token": "pypi-AgEIcHlwaS5vcmcFAKEfake0123456789abcdefghijklmnop",
    "huggingface_token": "hf_FAKEfake0123456789abcdefghijklmn",
    "sendgrid_api_key": "SG.FAKEfake0123456789abcd.FAKEfake0123456789abcdefghijklmnopqrstuvwxyzAB",
    "private_key": "MIIEpAIBAAKCAQEAfakeFAKEfakePRIVATEkeyBODYline0123456789",
    "authorization": "FAKEauthheader0123456789abcdef",
    "bearer_token": "FAKEbearer0123456789xyz",
    "secret_assignment_env": "hunter2FAKE99",
    "secret_assignment_shell": "FAKEapitoken0123",
    "secret_assignment_flag": "FAKEflagpass0123",
    "json_secret_field": "FAKEjsonapikey0123456789",
    "url_credentials": "FAKEdbpass0123",
    "codex_event_secret": "ghp_FAKEcodexEVENT0123456789abcdefghijkl",
    "zst_secret": "glpat-FAKEzstFAKEzst01234567",
}
PEM = ("-----BEGIN RSA PRIVATE KEY-----\n" + SECRETS["private_key"] + "\nAnotherFAKElineOfKeyMaterial0123456789\n"
       "-----END RSA PRIVATE KEY-----")
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkZha2UifQ"
       ".FAKEsig0123456789abcdefFAKE")
HIGH_ENTROPY = "q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D"  # assigned to signing_salt: a candidate finding, redacted all the same
THINKING_MARKER = "THINKING-MUST-NOT-BE-ARCHIVED"


def dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)  # as the agents write it


def stamp(minute, second=0):
    return "2026-09-02T%02d:%02d:%02d.000Z" % (8 + minute // 60, minute % 60, second)


class Claude:
    def __init__(self, session, sidechain=False, agent_id=None):
        self.session = session
        self.sidechain = sidechain
        self.agent_id = agent_id
        self.lines = []
        self.parent = None
        self.n = 0

    def base(self, kind, minute, **extra):
        self.n += 1
        uuid = "%s-%04d" % ("a" if self.agent_id else "c", self.n) + "-4a1b-8c2d-9e3f4a5b6c7d"
        rec = {"parentUuid": self.parent, "isSidechain": self.sidechain, "userType": "external", "cwd": CWD,
               "sessionId": self.session, "version": "2.0.14", "gitBranch": "fix/flaky-recon"}
        if self.agent_id:
            rec["agentId"] = self.agent_id
        rec["type"] = kind
        rec.update(extra)
        rec["uuid"] = uuid
        rec["timestamp"] = stamp(minute)
        self.parent = uuid
        self.lines.append(dumps(rec))
        return uuid

    def user(self, minute, content, **extra):
        return self.base("user", minute, message={"role": "user", "content": content}, **extra)

    def assistant(self, minute, parts, **extra):
        return self.base("assistant", minute, message={
            "id": "msg_01FAKE%04d" % self.n, "type": "message", "role": "assistant",
            "model": "claude-sonnet-4-5-20250929", "content": parts, "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": 1200, "cache_read_input_tokens": 9000, "output_tokens": 80}},
            requestId="req_01FAKE%04d" % self.n, **extra)

    def tool_result(self, minute, tool_use_id, text, is_error=False, stdout=None):
        return self.user(minute, [{"tool_use_id": tool_use_id, "type": "tool_result", "content": text,
                                   "is_error": is_error}],
                         toolUseResult={"stdout": stdout if stdout is not None else text, "stderr": "",
                                        "interrupted": False, "isImage": False})

    def raw(self, line):
        self.lines.append(line)

    def write(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")


def text(t):
    return {"type": "text", "text": t}


def tool_use(tid, name, inp):
    return {"type": "tool_use", "id": tid, "name": name, "input": inp}


def claude_main():
    S = SECRETS
    c = Claude(CLAUDE_SESSION)
    c.raw(dumps({"type": "summary", "summary": "Fix flaky reconciliation test",
                      "leafUuid": "c-0040-4a1b-8c2d-9e3f4a5b6c7d"}))
    c.raw(dumps({"type": "file-history-snapshot", "messageId": "c-0001", "snapshot": {
        "messageId": "c-0001", "trackedFileBackups": {}, "timestamp": stamp(0)}, "isSnapshotUpdate": False}))
    # slash-command noise and meta records: never archived
    c.user(0, "Caveat: The messages below were generated by the user while running local commands. DO NOT respond"
              " to these messages or otherwise consider them in your response unless the user explicitly asks"
              " you to.", isMeta=True)
    c.user(0, "<command-name>/clear</command-name>\n            <command-message>clear</command-message>\n"
              "            <command-args></command-args>")
    c.user(0, "<local-command-stdout></local-command-stdout>")
    # the goal
    c.user(1, "The reconciliation test in ledgerd is flaky on CI: ReconcileJobTest fails about one run in five."
              " Find out why and fix it. The staging database is postgres://ledger:" + S["url_credentials"]
              + "@db.staging.internal:5432/ledger if you need it.")
    c.assistant(1, [{"type": "thinking", "thinking": "The user wants the flaky test fixed. " + THINKING_MARKER
                     + " Maybe a timezone issue.", "signature": "EqFAKEsignature"}])
    c.assistant(2, [text("I'll start by reading the test and the job it exercises.")])
    c.assistant(2, [tool_use("toolu_01Read01", "Read", {"file_path": CWD + "/src/test/java/ledgerd/ReconcileJobTest.java"})])
    c.tool_result(2, "toolu_01Read01", "     1\tpackage ledgerd;\n     2\t\n     3\tclass ReconcileJobTest {\n"
                  "     4\t  // uses LocalDate.now() for the cutoff\n     5\t}\n<system-reminder>Whenever you read a"
                  " file, consider whether it is malware.</system-reminder>")
    c.assistant(3, [tool_use("toolu_01Bash01", "Bash", {"command": "cat .env", "description": "Show env"})])
    c.tool_result(3, "toolu_01Bash01", "DATABASE_URL=postgres://localhost/ledger\nDATABASE_PASSWORD="
                  + S["secret_assignment_env"] + "\nOPENAI_API_KEY=" + S["openai_project_key"]
                  + "\nAWS_ACCESS_KEY_ID=" + S["aws_access_key_id"] + "\naws_secret_access_key = "
                  + S["aws_secret_access_key"] + "\nSTRIPE_KEY=" + S["stripe_key"] + "\n")
    c.assistant(4, [text("The test computes its cutoff with LocalDate.now() while the job uses the UTC clock."
                         " Runs that straddle midnight UTC compare different days, which explains the one in five"
                         " failure rate on CI.")])
    c.assistant(4, [tool_use("toolu_01Bash02", "Bash", {
        "command": "API_TOKEN=" + S["secret_assignment_shell"] + " ./gradlew test --tests ReconcileJobTest"
                   " --password=" + S["secret_assignment_flag"], "description": "Run the flaky test"})])
    c.tool_result(4, "toolu_01Bash02", "ReconcileJobTest > cutoffMatchesJob FAILED\n    expected: 2026-09-02 but"
                  " was: 2026-09-01\n1 test failed", is_error=True)
    c.assistant(5, [text("Confirmed: the cutoff differs by one day. I'll inject a fixed Clock into both.")])
    c.assistant(5, [tool_use("toolu_01Edit01", "Edit", {
        "file_path": CWD + "/src/main/java/ledgerd/ReconcileJob.java", "old_string": "LocalDate.now()",
        "new_string": "LocalDate.now(clock)"})])
    c.tool_result(5, "toolu_01Edit01", "The file " + CWD + "/src/main/java/ledgerd/ReconcileJob.java has been"
                  " updated.")
    c.assistant(6, [tool_use("toolu_01Edit02", "Edit", {
        "file_path": CWD + "/src/test/java/ledgerd/ReconcileJobTest.java", "old_string": "LocalDate.now()",
        "new_string": "LocalDate.now(FIXED)"})])
    c.tool_result(6, "toolu_01Edit02", "The file has been updated.")
    c.assistant(6, [tool_use("toolu_01Todo01", "TodoWrite", {"todos": [
        {"content": "Inject a Clock into ReconcileJob", "status": "completed", "activeForm": "Injecting"},
        {"content": "Run ReconcileJobTest 50 times to confirm the fix", "status": "in_progress",
         "activeForm": "Running"},
        {"content": "Backfill the nightly export for the missed days", "status": "pending",
         "activeForm": "Backfilling"}]})])
    c.tool_result(6, "toolu_01Todo01", "Todos have been modified successfully.")
    # sidechain records in the main transcript belong to the subagent: skipped here
    c.user(7, "Search the repo for other uses of LocalDate.now()", isSidechain=True)
    c.assistant(7, [text("SIDECHAIN-REPLY-NOT-IN-MAIN: found two more uses.")], isSidechain=True)
    c.raw(dumps({"parentUuid": c.parent, "isSidechain": False, "userType": "external", "cwd": CWD,
                      "sessionId": CLAUDE_SESSION, "version": "2.0.14", "gitBranch": "fix/flaky-recon",
                      "type": "progress", "data": {"type": "hook_progress", "hookEvent": "PostToolUse",
                                                   "hookName": "PostToolUse:Bash", "command": "echo ok"},
                      "toolUseID": "toolu_01Bash02", "parentToolUseID": "toolu_01Bash02",
                      "uuid": "p-0001", "timestamp": stamp(7)}))
    c.base("system", 7, subtype="informational", content="Running PostToolUse hooks", isMeta=False, level="info")
    c.raw('{"type":"user","message":{"role":"user","content":"this line was cut off')
    c.raw("[1, 2, 3]")
    c.raw(dumps({"type": "x-future-record", "payload": {"anything": True}, "timestamp": stamp(7)}))
    c.user(8, [text("Also, the deploy script needs these; keep them out of git: ANTHROPIC_API_KEY="
                    + S["anthropic_api_key"] + " and GITHUB_TOKEN=" + S["github_ghp"]
                    + "\n<system-reminder>The user opened ops/deploy.sh in the IDE.</system-reminder>")])
    c.assistant(8, [text("Understood. I won't commit them. Note that " + S["github_gho"] + ", " + S["github_ghu"]
                         + ", " + S["github_ghs"] + " and " + S["github_ghr"] + " also appear in ops/old-tokens.txt;"
                         " we should rotate them.")])
    c.assistant(9, [tool_use("toolu_01Bash03", "Bash", {
        "command": "curl -s -H \"Authorization: Bearer " + S["authorization"] + "\" https://api.example.com/v1/exports"})])
    c.tool_result(9, "toolu_01Bash03", '{"status": "ok", "api_key": "' + S["json_secret_field"]
                  + '", "next": null}\n' + PEM + "\nslack: " + S["slack_token"] + "\nsession token: " + JWT
                  + "\nsigning_salt = " + HIGH_ENTROPY)
    c.user(10, "[Request interrupted by user]")
    c.user(10, "Here are the remaining keys from the vault dump: " + S["gitlab_token"] + " " + S["google_api_key"]
               + " " + S["npm_token"] + " " + S["pypi_token"] + " " + S["huggingface_token"] + " "
               + S["sendgrid_api_key"] + " " + S["openai_service_key"] + " " + S["openai_admin_key"] + " "
               + S["openai_legacy_key"] + " " + S["github_pat"] + ". Use bearer " + S["bearer_token"]
               + " for the export API.")
    c.assistant(11, [tool_use("toolu_01Bash04", "Bash", {"command": "./gradlew test --tests ReconcileJobTest"
                                                                    " --rerun-tasks -Drepeat=50"})])
    c.tool_result(11, "toolu_01Bash04", "BUILD SUCCESSFUL in 41s\n50 tests completed")
    c.assistant(12, [text("The fix holds: 50 repeated runs of ReconcileJobTest pass with the injected clock."
                          " The remaining work is the export backfill for the missed days, which still needs the"
                          " new bucket name. Should I also backfill the exports from last week?")])
    c.base("system", 12, subtype="stop_hook_summary", content="Stop hook ran", level="info")
    c.write("claude/projects/-home-dana-src-ledgerd/" + CLAUDE_SESSION + ".jsonl")


def claude_subagent():
    c = Claude(CLAUDE_SESSION, sidechain=True, agent_id="a1b2c3d")
    c.user(7, "Search the repo for other uses of LocalDate.now()")
    c.assistant(7, [tool_use("toolu_01Grep01", "Grep", {"pattern": "LocalDate.now\\(", "path": CWD + "/src"})])
    c.tool_result(7, "toolu_01Grep01", "src/main/java/ledgerd/ExportJob.java:41\nsrc/main/java/ledgerd/Fees.java:12")
    c.assistant(7, [text("Found two more uses: ExportJob.java line 41 and Fees.java line 12.")])
    c.write("claude/projects/-home-dana-src-ledgerd/" + CLAUDE_SESSION + "/subagents/agent-a1b2c3d.jsonl")


def codex_line(ts, kind, payload):
    return dumps({"timestamp": ts, "type": kind, "payload": payload})


def codex_main():
    S = SECRETS
    t = lambda m, s=0: "2026-09-03T10:%02d:%02d.000Z" % (m, s)
    prompt = ("The nightly export job fails with 403 since the bucket move. Point it at ledgerd-exports-v2 and make"
              " sure the job's test covers the bucket name.")
    lines = [
        codex_line(t(15), "session_meta", {
            "id": CODEX_SESSION, "timestamp": t(15), "cwd": CWD, "originator": "codex_cli_rs",
            "cli_version": "0.46.0", "instructions": None, "source": "cli", "model_provider": "openai",
            "git": {"commit_hash": "3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a", "branch": "main",
                    "repository_url": "git@github.com:dana/ledgerd.git"}}),
        codex_line(t(15), "response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "<user_instructions>\nAlways run ./gradlew check before finishing.\n"
                                           "</user_instructions>"}]}),
        codex_line(t(15), "response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "<environment_context>\n  <cwd>" + CWD + "</cwd>\n  <approval_policy>"
                                           "on-request</approval_policy>\n  <sandbox_mode>workspace-write"
                                           "</sandbox_mode>\n  <network_access>restricted</network_access>\n"
                                           "  <shell>bash</shell>\n</environment_context>"}]}),
        codex_line(t(15, 5), "response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": prompt}]}),
        codex_line(t(15, 5), "event_msg", {"type": "user_message", "message": prompt, "images": []}),
        codex_line(t(15, 5), "turn_context", {
            "cwd": CWD, "approval_policy": "on-request", "sandbox_policy": {
                "mode": "workspace-write", "network_access": False, "exclude_tmpdir_env_var": False,
                "exclude_slash_tmp": False}, "model": "gpt-5-codex", "effort": "medium", "summary": "auto"}),
        codex_line(t(15, 6), "event_msg", {"type": "token_count", "info": None, "rate_limits": {
            "primary": {"used_percent": 3.0, "window_minutes": 299, "resets_in_seconds": 17000}}}),
        codex_line(t(15, 8), "event_msg", {"type": "agent_reasoning", "text": "**Inspecting export config** "
                                                                             + THINKING_MARKER}),
        codex_line(t(15, 8), "response_item", {"type": "reasoning", "summary": [
            {"type": "summary_text", "text": "**Inspecting export config** " + THINKING_MARKER}],
            "content": None, "encrypted_content": "gAAAAABoFAKEencrypted"}),
        codex_line(t(15, 9), "response_item", {"type": "function_call", "name": "shell", "arguments": dumps(
            {"command": ["bash", "-lc", "cat config/export.env"], "workdir": CWD, "timeout_ms": 120000}),
            "call_id": "call_FAKE0001"}),
        codex_line(t(15, 10), "response_item", {"type": "function_call_output", "call_id": "call_FAKE0001",
                                                "output": dumps({"output": "EXPORT_BUCKET=ledgerd-exports\n"
                                                                      "EXPORT_SECRET_KEY=" + S["secret_assignment_env"]
                                                                      + "x\n", "metadata": {"exit_code": 0,
                                                                                            "duration_seconds": 0.01}})}),
        "{\"timestamp\": \"" + t(16) + "\", \"type\": \"response_item\", \"payload\": {\"type\": \"mess",
        codex_line(t(16, 2), "event_msg", {"type": "agent_message",
                                           "message": "The job still reads the old bucket name from"
                                                      " config/export.env. I'll switch it to ledgerd-exports-v2."}),
        codex_line(t(16, 2), "response_item", {"type": "message", "role": "assistant", "content": [
            {"type": "output_text", "text": "The job still reads the old bucket name from config/export.env."
                                            " I'll switch it to ledgerd-exports-v2."}]}),
        codex_line(t(16, 5), "response_item", {"type": "custom_tool_call", "status": "completed",
                                               "call_id": "call_FAKE0002", "name": "apply_patch", "input":
                                                   "*** Begin Patch\n*** Update File: config/export.env\n"
                                                   "@@\n-EXPORT_BUCKET=ledgerd-exports\n+EXPORT_BUCKET="
                                                   "ledgerd-exports-v2\n*** Update File: src/test/java/ledgerd/"
                                                   "ExportJobTest.java\n@@\n+  assertBucket(\"ledgerd-exports-v2\");"
                                                   "\n*** End Patch"}),
        codex_line(t(16, 6), "response_item", {"type": "custom_tool_call_output", "call_id": "call_FAKE0002",
                                               "output": dumps({"output": "Success. Updated the following"
                                                                     " files:\nM config/export.env\nM src/test/java/"
                                                                     "ledgerd/ExportJobTest.java\n",
                                                                     "metadata": {"exit_code": 0,
                                                                                  "duration_seconds": 0.0}})}),
        codex_line(t(16, 7), "response_item", {"type": "function_call", "name": "update_plan", "arguments":
            dumps({"plan": [{"step": "Point the export job at ledgerd-exports-v2", "status": "completed"},
                                 {"step": "Run ExportJobTest", "status": "in_progress"},
                                 {"step": "Ask ops to delete the old bucket", "status": "pending"}]}),
            "call_id": "call_FAKE0003"}),
        codex_line(t(16, 7), "response_item", {"type": "function_call_output", "call_id": "call_FAKE0003",
                                               "output": "Plan updated"}),
        codex_line(t(16, 9), "response_item", {"type": "function_call", "name": "shell", "arguments": dumps(
            {"command": ["bash", "-lc", "GH_TOKEN=" + S["codex_event_secret"] + " ./gradlew test --tests"
                                        " ExportJobTest"], "workdir": CWD}), "call_id": "call_FAKE0004"}),
        codex_line(t(17), "response_item", {"type": "function_call_output", "call_id": "call_FAKE0004",
                                            "output": dumps({"output": "ExportJobTest > bucketName FAILED\n",
                                                                  "metadata": {"exit_code": 1,
                                                                               "duration_seconds": 12.5}})}),
        codex_line(t(17, 1), "x_future_item", {"anything": True}),
        codex_line(t(17, 2), "compacted", {"message": "summary of earlier turns"}),
        "not json at all",
        codex_line(t(17, 5), "event_msg", {"type": "user_message", "message": "continue", "images": []}),
        codex_line(t(17, 5), "response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "continue"}]}),
        codex_line(t(17, 9), "response_item", {"type": "message", "role": "assistant", "content": [
            {"type": "output_text", "text": "ExportJobTest still fails because the fixture hardcodes the old"
                                            " bucket. I'm not sure whether ops wants the old bucket kept; the"
                                            " next step is to update the fixture and rerun the test."}]}),
        codex_line(t(17, 9), "event_msg", {"type": "agent_message", "message":
            "ExportJobTest still fails because the fixture hardcodes the old bucket. I'm not sure whether ops wants"
            " the old bucket kept; the next step is to update the fixture and rerun the test."}),
        codex_line(t(17, 10), "event_msg", {"type": "user_message", "message": "continue", "images": []}),
        codex_line(t(17, 10), "response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "continue"}]}),
        codex_line(t(17, 11), "event_msg", {"type": "token_count", "info": {"total_token_usage": {
            "input_tokens": 9000, "output_tokens": 700}}}),
    ]
    path = "codex/sessions/2026/09/03/rollout-2026-09-03T10-15-00-" + CODEX_SESSION + ".jsonl"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def codex_zst():
    t = lambda m: "2026-09-04T09:%02d:00.000Z" % m
    lines = [
        codex_line(t(0), "session_meta", {"id": CODEX_ZST_SESSION, "timestamp": t(0), "cwd": CWD,
                                          "originator": "codex_cli_rs", "cli_version": "0.47.0",
                                          "git": {"branch": "main"}}),
        codex_line(t(1), "response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "Rotate the GitLab token in ci/settings.env; the new one is "
                                           + SECRETS["zst_secret"]}]}),
        codex_line(t(1), "event_msg", {"type": "user_message", "message": "Rotate the GitLab token in"
                                                                          " ci/settings.env; the new one is "
                                                                          + SECRETS["zst_secret"]}),
        codex_line(t(2), "response_item", {"type": "local_shell_call", "call_id": "call_FAKEzst1",
                                           "status": "completed", "action": {"type": "exec", "command":
                                               ["bash", "-lc", "sed -i s/old/new/ ci/settings.env"]}}),
        codex_line(t(2), "response_item", {"type": "function_call_output", "call_id": "call_FAKEzst1",
                                           "output": "{\"output\":\"\",\"metadata\":{\"exit_code\":0}}"}),
        codex_line(t(3), "response_item", {"type": "message", "role": "assistant", "content": [
            {"type": "output_text", "text": "Rotated the token in ci/settings.env."}]}),
    ]
    path = "codex/sessions/2026/09/04/rollout-2026-09-04T09-00-00-" + CODEX_ZST_SESSION + ".jsonl"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines))  # no trailing newline: a compressed rollout is complete as written
    subprocess.run(["zstd", "-q", "-f", "--rm", path, "-o", path + ".zst"], check=True)


def secrets_list():
    with open("planted-secrets.tsv", "w") as f:
        f.write("# fixture\tfake secret that must never be stored, indexed, or written to context.md/history.md\n")
        for name, value in SECRETS.items():
            f.write(name + "\t" + value + "\n")
        f.write("private_key_line2\tAnotherFAKElineOfKeyMaterial0123456789\n")
        # candidates since issue 12: redacted like every other finding
        f.write("jwt\t" + JWT + "\n")
        f.write("high_entropy_assignment\t" + HIGH_ENTROPY + "\n")


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    claude_main()
    claude_subagent()
    codex_main()
    codex_zst()
    secrets_list()

#!/usr/bin/env python3
"""Writes the per-agent session fixtures under testdata/agents/ (run it here). Every agent gets a good session in its
real format, a malformed one (one unreadable record among good ones) and a truncated one (cut mid-record); see
README.md for the expected counts the tests assert. SQLite stores are written as SQL (built by the tests); Zed's
thread documents are JSON that the test compresses with zstd into threads.db."""
import json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CWD = "/home/dana/src/ledgerd"
SECRET = "ghp_FAKEfake0123456789abcdefghijklmnopqr"
ASK = "How do we run the integration tests here? My token is " + SECRET
FIRST = "Let me check the Makefile."
CMD = "make integration"
OUT = "PASS: 42 tests"
FINAL = "Run `make integration`; it needs docker running. Never run the integration suite against the production database, because it truncates every table."
Q2 = "What does the ledger reconcile step do?"
A2 = "It matches bank entries to ledger lines by amount and date."


def path(*parts):
    p = os.path.join(HERE, *parts)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    return p


def jsonl(p, records, tail=None):
    with open(path(*p), "w") as f:
        for r in records:
            f.write((r if isinstance(r, str) else json.dumps(r)) + "\n")
        if tail is not None:
            f.write(tail)


def doc(p, value, cut=None):
    text = json.dumps(value, indent=1)
    with open(path(*p), "w") as f:
        f.write(text if cut is None else text[:cut])


def t(minute, second=0):
    return "2026-09-05T10:%02d:%02d.000Z" % (minute, second)


# ---------------------------------------------------------------- Gemini CLI (whole JSON document per session)
def gemini_session(sid, messages):
    return {"sessionId": sid, "projectHash": "9f2c", "startTime": t(0), "lastUpdated": t(9), "messages": messages}


def gemini():
    base = ("gemini-cli", "tmp", "9f2c41d7")
    with open(path(*base, ".project_root"), "w") as f:
        f.write(CWD + "\n")
    good = [
        {"id": "m1", "timestamp": t(1), "type": "user", "content": ASK},
        {"id": "m2", "timestamp": t(2), "type": "gemini", "content": FIRST, "model": "gemini-2.5-pro",
         "thoughts": [{"subject": "Plan", "description": "look at the Makefile"}],
         "toolCalls": [{"id": "run_shell_command-1", "name": "run_shell_command", "args": {"command": CMD},
                        "status": "success", "timestamp": t(3),
                        "result": [{"functionResponse": {"id": "run_shell_command-1", "name": "run_shell_command",
                                                         "response": {"output": OUT}}}]}]},
        {"id": "m3", "timestamp": t(4), "type": "info", "content": "Request cancelled."},
        {"id": "m4", "timestamp": t(5), "type": "gemini", "content": FINAL, "model": "gemini-2.5-pro"},
    ]
    doc(base + ("chats", "session-2026-09-05T10-00-a1b2c3d4.json"),
        gemini_session("a1b2c3d4-0000-4000-8000-000000000001", good))
    doc(base + ("chats", "session-2026-09-05T11-00-b1b2c3d4.json"), gemini_session(
        "b1b2c3d4-0000-4000-8000-000000000002",
        [{"id": "m1", "timestamp": t(1), "type": "user", "content": Q2}, "not a message object",
         {"id": "m2", "timestamp": t(2), "type": "gemini", "content": [{"text": A2}]}]))
    doc(base + ("chats", "session-2026-09-05T12-00-c1b2c3d4.json"),
        gemini_session("c1b2c3d4-0000-4000-8000-000000000003", good), cut=300)


# ---------------------------------------------------------------- Qwen Code (JSONL per session)
def qwen_record(sid, uuid, type_, role, parts, minute, **extra):
    r = {"uuid": uuid, "parentUuid": None, "sessionId": sid, "timestamp": t(minute), "type": type_, "cwd": CWD,
         "version": "0.0.14", "gitBranch": "fix/flaky-recon", "message": {"role": role, "parts": parts}}
    r.update(extra)
    return r


def qwen():
    d = ("qwen-code", "projects", "-home-dana-src-ledgerd", "chats")
    s1 = "d1b2c3d4-0000-4000-8000-000000000001"
    jsonl(d + (s1 + ".jsonl",), [
        qwen_record(s1, "u1", "user", "user", [{"text": ASK}], 1),
        qwen_record(s1, "a1", "assistant", "model", [{"text": "plan", "thought": True}, {"text": FIRST},
                    {"functionCall": {"id": "call_1", "name": "run_shell_command", "args": {"command": CMD}}}], 2,
                    model="qwen3-coder-plus"),
        qwen_record(s1, "r1", "tool_result", "user", [{"functionResponse": {"id": "call_1", "name":
                    "run_shell_command", "response": {"output": OUT}}}], 3),
        qwen_record(s1, "s1", "system", "user", [], 3, subtype="ui_telemetry"),
        qwen_record(s1, "a2", "assistant", "model", [{"text": FINAL}], 4, model="qwen3-coder-plus"),
    ])
    s2 = "d2b2c3d4-0000-4000-8000-000000000002"
    jsonl(d + (s2 + ".jsonl",), [qwen_record(s2, "u1", "user", "user", [{"text": Q2}], 1), '{"uuid": "x", "type":',
                                 qwen_record(s2, "a1", "assistant", "model", [{"text": A2}], 2)])
    s3 = "d3b2c3d4-0000-4000-8000-000000000003"
    cut = json.dumps(qwen_record(s3, "u2", "user", "user", [{"text": "and the flaky one?"}], 3))[:60]
    jsonl(d + (s3 + ".jsonl",), [qwen_record(s3, "u1", "user", "user", [{"text": Q2}], 1),
                                 qwen_record(s3, "a1", "assistant", "model", [{"text": A2}], 2)], tail=cut)


# ---------------------------------------------------------------- GitHub Copilot CLI (JSONL events per session)
def copilot_event(type_, data, minute, eid):
    return {"type": type_, "data": data, "id": eid, "timestamp": t(minute), "parentId": None}


def copilot():
    d = ("copilot-cli", "session-state")
    s1 = "e1b2c3d4-0000-4000-8000-000000000001"
    start = lambda sid: copilot_event("session.start", {"sessionId": sid, "version": 1, "producer": "copilot-agent",
                                      "copilotVersion": "0.0.339", "context": {"cwd": CWD, "branch": "main"}}, 0, "e0")
    jsonl(d + (s1 + ".jsonl",), [
        start(s1),
        copilot_event("session.model_change", {"newModel": "claude-sonnet-4.5"}, 0, "e1"),
        copilot_event("user.message", {"content": ASK, "attachments": []}, 1, "e2"),
        copilot_event("assistant.message", {"messageId": "m1", "content": FIRST, "toolRequests": [
            {"toolCallId": "toolu_1", "name": "bash", "arguments": {"command": CMD, "description": "tests"}}]}, 2,
            "e3"),
        copilot_event("tool.execution_start", {"toolCallId": "toolu_1", "toolName": "bash"}, 2, "e4"),
        copilot_event("tool.execution_complete", {"toolCallId": "toolu_1", "success": True,
                                                  "result": {"content": OUT}}, 3, "e5"),
        copilot_event("assistant.message", {"messageId": "m2", "content": FINAL, "toolRequests": []}, 4, "e6"),
        copilot_event("session.shutdown", {"currentModel": "claude-sonnet-4.5"}, 5, "e7"),
    ])
    s2 = "e2b2c3d4-0000-4000-8000-000000000002"
    jsonl(d + (s2 + ".jsonl",), [start(s2), copilot_event("user.message", {"content": Q2}, 1, "e1"), "{not json}",
                                 copilot_event("assistant.message", {"content": A2, "toolRequests": []}, 2, "e2")])
    s3 = "e3b2c3d4-0000-4000-8000-000000000003"
    cut = json.dumps(copilot_event("user.message", {"content": "and the flaky one?"}, 3, "e3"))[:50]
    jsonl(d + (s3, "events.jsonl"), [start(s3), copilot_event("user.message", {"content": Q2}, 1, "e1"),
                                     copilot_event("assistant.message", {"content": A2}, 2, "e2")], tail=cut)


# ---------------------------------------------------------------- Kiro CLI (JSONL + companion metadata)
def kiro():
    d = ("kiro", "sessions", "cli")
    def meta(sid):
        doc(d + (sid + ".json",), {"session_id": sid, "cwd": CWD, "title": "integration tests",
                                    "created_at": t(0), "updated_at": t(9)})
    s1 = "f1b2c3d4-0000-4000-8000-000000000001"
    meta(s1)
    text = lambda s: {"kind": "text", "data": s}
    jsonl(d + (s1 + ".jsonl",), [
        {"version": "v1", "kind": "Prompt", "data": {"message_id": "p1", "content": [text(ASK)]}},
        {"version": "v1", "kind": "AssistantMessage", "data": {"message_id": "a1", "content": [
            text(FIRST), {"kind": "toolUse", "data": {"toolUseId": "tooluse_1", "name": "execute_bash",
                                                       "input": {"command": CMD}}}]}},
        {"version": "v1", "kind": "ToolResults", "data": {"message_id": "r1", "content": [
            {"kind": "toolResult", "data": {"toolUseId": "tooluse_1", "content": [text(OUT)], "status": "success"}}]}},
        {"version": "v1", "kind": "AssistantMessage", "data": {"message_id": "a2", "content": [text(FINAL)]}},
    ])
    s2 = "f2b2c3d4-0000-4000-8000-000000000002"
    meta(s2)
    jsonl(d + (s2 + ".jsonl",), [
        {"version": "v1", "kind": "Prompt", "data": {"content": [text(Q2)]}}, "{\"kind\": \"Assist",
        {"version": "v1", "kind": "AssistantMessage", "data": {"content": [text(A2)]}}])
    s3 = "f3b2c3d4-0000-4000-8000-000000000003"  # the newer payload shape, cut mid-record
    cut = json.dumps({"timestamp": 1788000300000, "payload": {"type": "user", "content": "and the flaky one?"}})[:40]
    jsonl(d + (s3 + ".jsonl",), [
        {"timestamp": 1788000060000, "payload": {"type": "user", "id": "q1", "content": Q2}},
        {"timestamp": 1788000120000, "payload": {"type": "assistant", "id": "a1", "content": A2,
                                                 "reasoningModelId": "claude-sonnet-4.5"}}], tail=cut)


# ---------------------------------------------------------------- gptme (JSONL per conversation)
def gptme():
    def msg(role, content, minute, **extra):
        m = {"role": role, "content": content, "timestamp": "2026-09-05T10:%02d:00.000000" % minute}
        m.update(extra)
        return m
    d = ("gptme", "logs")
    jsonl(d + ("2026-09-05-running-integration-tests", "conversation.jsonl"), [
        msg("system", "You are gptme, a general-purpose AI assistant.", 0, pinned=True),
        msg("user", ASK, 1),
        msg("assistant", FIRST + "\n\n```shell\n" + CMD + "\n```", 2),
        msg("system", "Ran command: `" + CMD + "`\n\n```stdout\n" + OUT + "\n```", 3),
        msg("assistant", FINAL, 4),
    ])
    jsonl(d + ("2026-09-05-reconcile", "conversation.jsonl"),
          [msg("user", Q2, 1), "{\"role\": \"assistant\", \"content\": ", msg("assistant", A2, 2)])
    cut = json.dumps(msg("user", "and the flaky one?", 3))[:30]
    jsonl(d + ("2026-09-05-cut-short", "conversation.jsonl"), [msg("user", Q2, 1), msg("assistant", A2, 2)], tail=cut)


# ---------------------------------------------------------------- Amp (whole JSON document per thread)
def amp():
    d = ("amp", "threads")
    def thread(tid, messages):
        return {"v": 42, "id": tid, "created": 1788000000000, "title": "integration tests", "messages": messages,
                "env": {"initial": {"trees": [{"displayName": "ledgerd", "uri": "file://" + CWD}]}}}
    user = lambda s, i: {"role": "user", "messageId": i, "content": [{"type": "text", "text": s}],
                         "meta": {"sentAt": 1788000060000 + i * 1000}}
    good = [
        user(ASK, 0),
        {"role": "assistant", "messageId": 1, "content": [
            {"type": "thinking", "thinking": "check the Makefile"}, {"type": "text", "text": FIRST},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"cmd": CMD}}],
         "usage": {"model": "claude-sonnet-4-5", "inputTokens": 10, "outputTokens": 5}},
        {"role": "user", "messageId": 2, "content": [{"type": "tool_result", "toolUseID": "toolu_01", "run": {
            "status": "done", "result": {"output": OUT, "exitCode": 0}}}]},
        {"role": "assistant", "messageId": 3, "content": [{"type": "text", "text": FINAL}]},
    ]
    doc(d + ("T-1a2b3c4d-0000-4000-8000-000000000001.json",), thread("T-1a2b3c4d-0000-4000-8000-000000000001", good))
    doc(d + ("T-2a2b3c4d-0000-4000-8000-000000000002.json",), thread("T-2a2b3c4d-0000-4000-8000-000000000002", [
        user(Q2, 0), {"role": "assistant", "messageId": 1, "state": "streaming"},
        {"role": "assistant", "messageId": 2, "content": [{"type": "text", "text": A2}]}]))
    doc(d + ("T-3a2b3c4d-0000-4000-8000-000000000003.json",),
        thread("T-3a2b3c4d-0000-4000-8000-000000000003", good), cut=400)


# ---------------------------------------------------------------- Cline / Roo Code (JSON array per task)
def cline(agent, extension):
    d = (agent, "Code", "User", "globalStorage", extension, "tasks")
    env = ("<environment_details>\n# VSCode Visible Files\nMakefile\n\n# Current Working Directory (" + CWD +
           ") Files\nMakefile\nsrc/\n</environment_details>")
    good = [
        {"role": "user", "content": [{"type": "text", "text": "<task>\n" + ASK + "\n</task>"},
                                     {"type": "text", "text": env}], "ts": 1788000060000},
        {"role": "assistant", "content": [{"type": "text", "text": FIRST}, {"type": "tool_use", "id": "toolu_01",
         "name": "execute_command", "input": {"command": CMD, "requires_approval": False}}], "ts": 1788000120000,
         "modelInfo": {"modelId": "claude-sonnet-4-5", "providerId": "anthropic"}},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": [
            {"type": "text", "text": OUT}]}, {"type": "text", "text": env}], "ts": 1788000180000},
        {"role": "assistant", "content": [{"type": "text", "text": FINAL}], "ts": 1788000240000},
    ]
    doc(d + ("1788000060000", "api_conversation_history.json"), good)
    doc(d + ("1788000060000", "ui_messages.json"), [{"ts": 1788000060000, "type": "say", "say": "task", "text": ASK}])
    doc(d + ("1788003600000", "api_conversation_history.json"), [
        {"role": "user", "content": [{"type": "text", "text": "<task>" + Q2 + "</task>"}]}, {"role": "assistant"},
        {"role": "assistant", "content": [{"type": "text", "text": A2}]}])
    doc(d + ("1788007200000", "api_conversation_history.json"), good, cut=350)


# ---------------------------------------------------------------- Aider (Markdown history per repository)
def aider():
    p = path("aider", "ledgerd", ".aider.chat.history.md")
    with open(p, "w") as f:
        f.write("\n# aider chat started at 2026-09-05 10:00:00\n\n")
        f.write("> Aider v0.86.1\n> Main model: sonnet with diff edit format\n\n")
        f.write("#### " + ASK + "\n\n")
        f.write(FIRST + "\n\n")
        f.write("> Run shell command? (Y)es/(N)o [Yes]: y\n> Running " + CMD + "\n> " + OUT + "\n\n")
        f.write(FINAL + "\n\n")
        f.write("# aider chat started at sometime yesterday\n\n")
        f.write("#### " + Q2 + "\n\n" + A2 + "\n\n")
        f.write("# aider chat started at 2026-09-06 09:00:00\n\n")
        f.write("#### and the flaky one?\n\nIt is flaky because the clo")


# ---------------------------------------------------------------- Zed (thread documents, compressed by the test)
def zed():
    d = ("zed", "docs")
    good = {"version": "0.3.0", "title": "integration tests", "model": {"provider": "zed.dev",
            "model": "claude-sonnet-4-5"}, "messages": [
        {"User": {"id": "u1", "content": [{"Text": ASK}]}},
        {"Agent": {"content": [{"Thinking": {"text": "check the Makefile", "signature": None}}, {"Text": FIRST},
                               {"ToolUse": {"id": "toolu_01", "name": "terminal", "raw_input": "{}",
                                            "input": {"command": CMD, "cd": CWD}, "is_input_complete": True}}],
                   "tool_results": {"toolu_01": {"tool_use_id": "toolu_01", "tool_name": "terminal",
                                                 "is_error": False, "content": {"Text": OUT}, "output": None}}}},
        {"Agent": {"content": [{"Text": FINAL}], "tool_results": {}}},
    ]}
    doc(d + ("good-thread.json",), good)
    doc(d + ("plain-thread.json",), {"version": "0.3.0", "messages": [
        {"User": {"id": "u1", "content": [{"Text": Q2}]}}, {"Agent": {"content": [{"Text": A2}]}}]})


if __name__ == "__main__":
    for d in ("gemini-cli", "qwen-code", "copilot-cli", "kiro", "gptme", "amp", "cline", "roo-code", "aider",
              "zed/docs"):
        shutil.rmtree(os.path.join(HERE, d), ignore_errors=True)
    gemini(); qwen(); copilot(); kiro(); gptme(); amp()
    cline("cline", "saoudrizwan.claude-dev"); cline("roo-code", "rooveterinaryinc.roo-cline")
    aider(); zed()

#!/usr/bin/env python3
"""Writes recall's secret-redaction corpus (run from this directory: python3 make_corpus.py).

planted.tsv          id, form, fake secret: every value that must never be stored, indexed or written anywhere
claude/...jsonl      a Claude Code transcript carrying every planted secret (user text, Bash commands, tool output)
codex/...jsonl       a Codex rollout carrying every planted secret (messages, function calls and their output)
archive.jsonl        the same lines as a session archive, for `recall sessions import`
negative/*.txt       ordinary code, config and logs with no secret: what must survive redaction

The secrets are fake but real-shaped (each provider's documented prefix, length and alphabet), drawn from a seeded
generator so the corpus is reproducible. The lines are written the way people paste credentials into a session,
not the way the scanner's rules are written.
"""
import json
import os
import random

R = random.Random(20261201)
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DIG = "0123456789"
ALNUM = UP + LO + DIG
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "_-"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def rnd(alphabet, n):
    while True:
        s = "".join(R.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in s) or not any(c in DIG for c in alphabet):
            return s


def uuid():
    return "-".join(rnd(HEX, n) for n in (8, 4, 4, 4, 12))


def pw(n=14):
    # a person's password: letters, digits and a symbol, no quote or shell metacharacter
    return rnd(LO, n - 5) + rnd(DIG, 3) + R.choice("!^*+_") + rnd(UP, 1)


# (id, form, line with {s} where the secret goes, secret)
P = []


def plant(pid, form, line, secret):
    P.append((pid, form, line.replace("{s}", secret), secret))


# provider formats
plant("aws_key_id", "env", "AWS_ACCESS_KEY_ID={s}", "AKIA" + rnd(UP + DIG, 16))
plant("aws_secret", "ini", "aws_secret_access_key = {s}", rnd(B64, 40))
plant("aws_sts", "json", '{"AccessKeyId": "{s}", "Expiration": "2026-10-01T00:00:00Z"}', "ASIA" + rnd(UP + DIG, 16))
plant("anthropic", "env", "ANTHROPIC_API_KEY={s}", "sk-ant-api03-" + rnd(URLSAFE, 93) + "AA")
plant("openai_proj", "shell", "export OPENAI_API_KEY='{s}'", "sk-proj-" + rnd(URLSAFE, 120))
plant("openai_legacy", "prose", "my old key was {s} but I rotated it", "sk-" + rnd(ALNUM, 20) + "T3BlbkFJ" + rnd(ALNUM, 20))
plant("github_pat", "url", "git remote set-url origin https://{s}@github.com/acme/api.git", "ghp_" + rnd(ALNUM, 36))
plant("github_fine", "yaml", "  token: {s}", "github_pat_11" + rnd(UP + DIG, 20) + "_" + rnd(ALNUM, 59))
plant("github_app", "prose", "the installation token {s} expires in an hour", "ghs_" + rnd(ALNUM, 36))
plant("gitlab_pat", "header", "curl --header 'PRIVATE-TOKEN: {s}' https://gitlab.example.com/api/v4/projects", "glpat-" + rnd(URLSAFE, 20))
plant("gitlab_runner", "toml", '  token = "{s}"', "glrt-" + rnd(URLSAFE, 20))
plant("slack_bot", "env", "SLACK_BOT_TOKEN={s}", "xoxb-" + rnd(DIG, 12) + "-" + rnd(DIG, 13) + "-" + rnd(ALNUM, 24))
plant("slack_webhook", "prose", "post alerts to {s}", "https://hooks.slack.com/services/T" + rnd(UP + DIG, 8) + "/B" + rnd(UP + DIG, 10) + "/" + rnd(ALNUM, 24))
plant("discord_webhook", "json", '{"webhook": "{s}"}', "https://discord.com/api/webhooks/" + rnd(DIG, 18) + "/" + rnd(URLSAFE, 68))
plant("stripe_live", "python", "stripe.api_key = \"{s}\"", "sk_live_" + rnd(ALNUM, 99))
plant("stripe_restricted", "env", "STRIPE_RESTRICTED={s}", "rk_live_" + rnd(ALNUM, 24))
plant("stripe_whsec", "env", "STRIPE_WEBHOOK_SECRET={s}", "whsec_" + rnd(ALNUM, 32))
plant("gcp_api", "js", "const firebaseConfig = { apiKey: \"{s}\", projectId: \"acme-prod\" };", "AIza" + rnd(URLSAFE, 35))
plant("gcp_oauth_secret", "json", '{"installed": {"client_id": "1234-abc.apps.googleusercontent.com", "client_secret": "{s}"}}', "GOCSPX-" + rnd(URLSAFE, 28))
plant("gcp_access", "header", "Authorization: Bearer {s}", "ya29." + rnd(URLSAFE, 120))
plant("azure_storage", "connstr", "DefaultEndpointsProtocol=https;AccountName=acmestore;AccountKey={s};EndpointSuffix=core.windows.net", rnd(B64, 86) + "==")
plant("azure_sas", "url", "https://acmestore.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-01&sig={s}", rnd(ALNUM, 40) + "%3D")
plant("azure_client_secret", "env", "AZURE_CLIENT_SECRET={s}", rnd(ALNUM, 3) + "8Q~" + rnd(ALNUM + "_~.-", 31))
plant("digitalocean", "shell", "doctl auth init --access-token {s}", "dop_v1_" + rnd(HEX, 64))
plant("vault", "env", "VAULT_TOKEN={s}", "hvs." + rnd(URLSAFE, 90))
plant("terraform", "hcl", 'credentials "app.terraform.io" { token = "{s}" }', rnd(ALNUM, 14) + ".atlasv1." + rnd(URLSAFE, 67))
plant("doppler", "shell", "doppler run --token {s} -- ./server", "dp.st.prd." + rnd(ALNUM, 43))
plant("heroku", "env", "HEROKU_API_KEY={s}", "HRKU-AA" + rnd(URLSAFE, 58))
plant("npm_token", "npmrc", "//registry.npmjs.org/:_authToken={s}", "npm_" + rnd(ALNUM, 36))
plant("npmrc_legacy", "npmrc", "_auth = {s}", rnd(B64, 40) + "==")
plant("pypi", "ini", "password = {s}", "pypi-AgEIcHlwaS5vcmc" + rnd(URLSAFE, 140))
plant("huggingface", "shell", "huggingface-cli login --token {s}", "hf_" + rnd(ALNUM, 34))
plant("sendgrid", "env", "SENDGRID_API_KEY={s}", "SG." + rnd(URLSAFE, 22) + "." + rnd(URLSAFE, 43))
plant("twilio_sk", "prose", "the Twilio API key SID is {s}", "SK" + rnd(HEX, 32))
plant("twilio_auth", "env", "TWILIO_AUTH_TOKEN={s}", rnd(HEX, 32))
plant("shopify", "env", "SHOPIFY_ACCESS_TOKEN={s}", "shpat_" + rnd(HEX, 32))
plant("telegram", "url", "curl https://api.telegram.org/bot{s}/getMe", rnd(DIG, 10) + ":AA" + rnd(URLSAFE, 33))
plant("mailgun", "python", "requests.post(url, auth=(\"api\", \"{s}\"))", "key-" + rnd(LO + DIG, 32))
plant("mailchimp", "prose", "mailchimp says {s} is invalid", rnd(HEX, 32) + "-us14")
plant("linear", "env", "LINEAR_API_KEY={s}", "lin_api_" + rnd(ALNUM, 40))
plant("age", "file", "# public key: age1" + rnd(BECH, 58) + "\n{s}", "AGE-SECRET-KEY-1" + rnd(BECH.upper(), 58))
plant("databricks", "yaml", "databricks_token: {s}", "dapi" + rnd(HEX, 32))
plant("atlassian", "env", "JIRA_API_TOKEN={s}", "ATATT3xFfGF0" + rnd(URLSAFE, 180) + "=" + rnd(HEX, 8).upper())
plant("newrelic", "yaml", "license_key: {s}", "NRAK-" + rnd(UP + DIG, 27))
plant("grafana", "env", "GRAFANA_SA_TOKEN={s}", "glsa_" + rnd(ALNUM, 32) + "_" + rnd(HEX, 8))
plant("postman", "prose", "use postman key {s}", "PMAK-" + rnd(HEX, 24) + "-" + rnd(HEX, 34))
plant("pulumi", "env", "PULUMI_ACCESS_TOKEN={s}", "pul-" + rnd(HEX, 40))
plant("sentry_org", "env", "SENTRY_AUTH_TOKEN={s}", "sntrys_eyJpYXQiOjE3" + rnd(B64, 120))
plant("dockerhub", "shell", "echo {s} | docker login -u acmebot --password-stdin", "dckr_pat_" + rnd(URLSAFE, 27))
plant("groq", "env", "GROQ_API_KEY={s}", "gsk_" + rnd(ALNUM, 52))
plant("notion", "js", "const notion = new Client({ auth: \"{s}\" })", "ntn_" + rnd(DIG, 11) + rnd(ALNUM, 35))
plant("jwt", "header", "X-Session: {s}", "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ" + rnd(URLSAFE, 60) + "." + rnd(URLSAFE, 86))
# keyed assignments in every form
plant("env_lower", "env", "db_password={s}", pw())
plant("yaml_quoted", "yaml", 'password: "{s}"', pw())
plant("yaml_single", "yaml", "  client_secret: '{s}'", rnd(ALNUM, 32))
plant("json_escaped", "json", '{\\"apiKey\\": \\"{s}\\"}', rnd(ALNUM, 28))
plant("toml", "toml", 'secret_key = "{s}"', rnd(ALNUM + "!@#%^&*", 50))
plant("ini_pass", "ini", "pass = {s}", pw())
plant("docker_auth", "json", '{"auths": {"registry.acme.io": {"auth": "{s}"}}}', rnd(B64, 44) + "=")
plant("django", "python", "SECRET_KEY = '{s}'", "django-insecure-" + rnd(LO + DIG + "!@#$%^&*(-_=+)", 50))
plant("camel_js", "js", "const config = { accessToken: '{s}' };", rnd(ALNUM, 40))
plant("header_api_key", "header", "curl -H 'x-api-key: {s}' https://api.acme.io/v2/jobs", rnd(ALNUM, 32))
plant("query_token", "url", "GET /v1/export?format=csv&access_token={s}&page=2", rnd(URLSAFE, 40))
plant("xml", "xml", "<password>{s}</password>", pw())
plant("k8s_literal", "shell", "kubectl create secret generic db --from-literal=password={s}", pw())
plant("powershell", "ps1", '$env:API_TOKEN = "{s}"', rnd(ALNUM, 30))
plant("go_struct", "go", 'cfg := Config{Host: "db", Password: "{s}"}', pw())
plant("ado_connstr", "connstr", "Server=tcp:sql.acme.net,1433;Database=app;User ID=sa;Password={s};Encrypt=true", pw())
plant("keytool", "shell", "keytool -importkeystore -srckeystore a.p12 -storepass {s}", pw())
plant("signing_salt", "elixir", 'signing_salt: "{s}"', rnd(ALNUM, 24))
plant("changeme", "yaml", "  elastic_password: {s}", "changeme")
# URLs
plant("url_postgres", "url", "DATABASE_URL=postgres://app:{s}@db.internal:5432/app", pw())
plant("url_redis_empty_user", "url", "REDIS_URL=redis://:{s}@cache.internal:6379/0", pw())
plant("url_mongo_srv", "url", 'mongoose.connect("mongodb+srv://admin:{s}@cluster0.abcde.mongodb.net/prod")', pw())
plant("url_amqp", "url", "amqp://guest:{s}@rabbit:5672/", pw())
# command lines
plant("curl_u", "cli", "curl -u deploy:{s} https://ci.acme.io/job/build", pw())
plant("sshpass", "cli", "sshpass -p '{s}' ssh root@10.0.0.5", pw())
plant("mysql_p", "cli", "mysql -h db -u root -p{s} app < dump.sql", pw())
plant("psql_env", "cli", "PGPASSWORD={s} psql -h db -U app", pw())
plant("redis_cli", "cli", "redis-cli -h cache -a {s} ping", pw())
plant("docker_login_p", "cli", "docker login registry.acme.io -u ci -p {s}", pw())
plant("flag_password", "cli", "./manage.py createsuperuser --username admin --password {s}", pw())
plant("flag_client_secret", "cli", "az ad sp credential reset --id app --client-secret={s}", rnd(ALNUM, 34))
plant("openssl_pass", "cli", "openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:{s}", pw())
plant("basic_header", "header", "Authorization: Basic {s}", rnd(B64, 36) + "==")
plant("bearer_header", "header", "-H \"Authorization: Bearer {s}\"", rnd(ALNUM, 48))
# key material
plant("pem_rsa", "pem", "-----BEGIN RSA PRIVATE KEY-----\n{s}\n" + rnd(B64, 64) + "\n-----END RSA PRIVATE KEY-----", "MIIEow" + rnd(B64, 58))
plant("openssh", "pem", "-----BEGIN OPENSSH PRIVATE KEY-----\n{s}\n" + rnd(B64, 70) + "\n-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAA" + rnd(B64, 46))
plant("pem_ec_json", "json", '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n{s}\\n-----END PRIVATE KEY-----\\n"}', "MIGHAgEAMBMGByqGSM49" + rnd(B64, 44))

CWD = "/home/dev/src/acme-api"
CLAUDE_SESSION = "5e1d7c3a-9b2f-4e8a-a1c6-0d4f8b2e7a91"
CODEX_SESSION = "019a0c11-2b3c-7d4e-8f50-61a2b3c4d5e6"


def dumps(v):
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)


def stamp(i):
    return "2026-10-01T%02d:%02d:%02d.000Z" % (9 + i // 3600, (i // 60) % 60, i % 60)


def claude(lines):
    out = []
    parent = None
    n = 0

    def rec(kind, message, **extra):
        nonlocal parent, n
        n += 1
        u = "%08x-1111-4222-8333-%012x" % (n, n)
        r = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": CWD,
             "sessionId": CLAUDE_SESSION, "version": "2.0.14", "gitBranch": "main", "type": kind,
             "message": message, "uuid": u, "timestamp": stamp(n * 7)}
        r.update(extra)
        parent = u
        out.append(dumps(r))

    rec("user", {"role": "user", "content": "Our deploy is broken and I need to rotate credentials; here is what I have."})
    for i, (pid, form, line, _) in enumerate(lines):
        kind = i % 3
        if kind == 0:
            rec("user", {"role": "user", "content": "Here is the " + form + " line from my notes:\n" + line})
        elif kind == 1:
            tid = "toolu_01SEC%04d" % i
            rec("assistant", {"id": "msg_%04d" % i, "type": "message", "role": "assistant",
                              "model": "claude-sonnet-4-5", "content": [
                                  {"type": "text", "text": "Running it as you wrote it."},
                                  {"type": "tool_use", "id": tid, "name": "Bash",
                                   "input": {"command": line, "description": "step " + pid}}]})
            rec("user", {"role": "user", "content": [{"tool_use_id": tid, "type": "tool_result",
                                                      "content": "ok\n", "is_error": False}]})
        else:
            tid = "toolu_01CAT%04d" % i
            rec("assistant", {"id": "msg_%04d" % i, "type": "message", "role": "assistant",
                              "model": "claude-sonnet-4-5", "content": [
                                  {"type": "tool_use", "id": tid, "name": "Read",
                                   "input": {"file_path": CWD + "/config/" + pid + ".conf"}}]})
            rec("user", {"role": "user", "content": [{"tool_use_id": tid, "type": "tool_result",
                                                      "content": "# " + pid + "\n" + line + "\n# end",
                                                      "is_error": False}]})
    rec("assistant", {"id": "msg_end", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                      "content": [{"type": "text", "text": "All of those credentials should be rotated now."}]})
    return out


def codex(lines):
    out = [dumps({"timestamp": stamp(0), "type": "session_meta", "payload": {
        "id": CODEX_SESSION, "timestamp": stamp(0), "cwd": CWD, "originator": "codex_cli_rs",
        "cli_version": "0.46.0", "source": "cli", "model_provider": "openai",
        "git": {"commit_hash": "9c4f1e2d3b4a5c6d7e8f9a0b1c2d3e4f5a6b7c8d", "branch": "main"}}})]
    for i, (pid, form, line, _) in enumerate(lines):
        t = stamp(10 + i * 5)
        if i % 2 == 0:
            out.append(dumps({"timestamp": t, "type": "response_item", "payload": {
                "type": "message", "role": "user", "content": [{"type": "input_text", "text": "check this: " + line}]}}))
        else:
            cid = "call_SEC%04d" % i
            out.append(dumps({"timestamp": t, "type": "response_item", "payload": {
                "type": "function_call", "name": "shell",
                "arguments": dumps({"command": ["bash", "-lc", line], "workdir": CWD, "timeout_ms": 10000}),
                "call_id": cid}}))
            out.append(dumps({"timestamp": t, "type": "response_item", "payload": {
                "type": "function_call_output", "call_id": cid,
                "output": dumps({"output": line + "\n", "metadata": {"exit_code": 0, "duration_seconds": 0.1}})}}))
    out.append(dumps({"timestamp": stamp(9999), "type": "event_msg", "payload": {
        "type": "agent_message", "message": "Done; rotate everything above."}}))
    return out


def archive(lines):
    msgs = []
    for i, (pid, form, line, _) in enumerate(lines):
        role = ["user", "assistant", "tool"][i % 3]
        m = {"ordinal": i, "role": role, "text": line, "uuid": "arch-%04d" % i, "timestamp": stamp(i)}
        if role == "assistant":
            m["tool_name"] = "Bash"
            m["tool_input"] = dumps({"command": line})
        msgs.append(m)
    return dumps({"id": "sess-secrets-archive", "agent": "claude-code", "project": "acme-api", "cwd": CWD,
                  "git_branch": "main", "started_at": stamp(0), "ended_at": stamp(len(lines)), "messages": msgs})


def write(path, lines):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    ids = [p[0] for p in P]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open("planted.tsv", "w") as f:
        f.write("# id\tform\tfake secret (none may be stored, indexed or written anywhere)\n")
        for pid, form, _, secret in P:
            assert "\t" not in secret and "\n" not in secret
            f.write("%s\t%s\t%s\n" % (pid, form, secret))
    write("claude/projects/-home-dev-src-acme-api/" + CLAUDE_SESSION + ".jsonl", claude(P))
    write("codex/sessions/2026/10/01/rollout-2026-10-01T09-00-00-" + CODEX_SESSION + ".jsonl", codex(P))
    write("archive.jsonl", [archive(P)])
    print(len(P), "planted secrets")

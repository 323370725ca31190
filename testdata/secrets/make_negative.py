#!/usr/bin/env python3
"""Writes negative/: ordinary code, config and logs holding no secret (run from this directory).

Every finding the scanner reports on these files is a false positive. They are written to look like what agents
read and print all day: git logs, lockfiles, hashes, UUIDs, base64 images, code that handles tokens and passwords
without containing one, documentation placeholders and variable references.
"""
import base64
import hashlib
import os
import random

R = random.Random(7)
HEX = "0123456789abcdef"


def h(n):
    return "".join(R.choice(HEX) for _ in range(n))


def uuid():
    return "%s-%s-4%s-a%s-%s" % (h(8), h(4), h(3), h(3), h(12))


def b64(n):
    return base64.b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode()


def write(name, text):
    with open(os.path.join("negative", name), "w") as f:
        f.write(text)


os.makedirs("negative", exist_ok=True)

log = []
for i in range(60):
    sha = h(40)
    log.append("commit %s\nAuthor: Dana Reyes <dana@example.com>\nDate:   Mon Sep %d 10:%02d:00 2026 +0200\n\n"
               "    %s\n" % (sha, 1 + i % 28, i, R.choice(["fix token refresh race in the auth middleware",
                                                         "rotate password hashing to argon2id",
                                                         "bump lockfile", "add secret scanning to CI",
                                                         "refactor api key validation", "docs: explain the token budget"])))
log.append("Merge: %s %s\n" % (h(7), h(7)))
write("git-log.txt", "\n".join(log))

lock = ['{\n  "name": "acme-web",\n  "lockfileVersion": 3,\n  "packages": {']
for name in ["react", "react-dom", "jsonwebtoken", "bcrypt", "passport", "passport-jwt", "dotenv", "axios",
             "@aws-sdk/client-secrets-manager", "keytar", "js-tokens", "tokenizer", "secret-handshake"]:
    digest = base64.b64encode(hashlib.sha512(name.encode()).digest()).decode()
    lock.append('    "node_modules/%s": {\n      "version": "%d.%d.%d",\n      "resolved": '
                '"https://registry.npmjs.org/%s/-/%s-1.0.0.tgz",\n      "integrity": "sha512-%s",\n'
                '      "license": "MIT"\n    },' % (name, R.randint(1, 19), R.randint(0, 9), R.randint(0, 20), name,
                                                  name.split("/")[-1], digest))
lock.append('    "": {}\n  }\n}\n')
write("package-lock.json", "\n".join(lock))

gosum = []
for mod in ["github.com/golang-jwt/jwt/v5", "golang.org/x/crypto", "github.com/hashicorp/vault/api",
            "github.com/aws/aws-sdk-go-v2/credentials", "github.com/spf13/cobra"]:
    gosum.append("%s v1.%d.0 h1:%s=" % (mod, R.randint(0, 9), b64(32)[:-1]))
    gosum.append("%s v1.%d.0/go.mod h1:%s=" % (mod, R.randint(0, 9), b64(32)[:-1]))
write("go.sum", "\n".join(gosum) + "\n")

reqs = []
for pkg in ["requests==2.32.3", "cryptography==43.0.1", "pyjwt==2.9.0", "keyring==25.4.1"]:
    reqs.append("%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (pkg, h(64), h(64)))
write("requirements.txt", "\n".join(reqs) + "\n")

png = b64(900)
write("page.html", '<!doctype html>\n<html><head><meta name="csrf-param" content="authenticity_token">\n'
      '<link rel="stylesheet" href="/assets/app-%s.css" integrity="sha384-%s">\n</head>\n<body>\n'
      '<img alt="logo" src="data:image/png;base64,%s">\n<form action="/login" method="post">\n'
      '  <input type="password" name="password" autocomplete="current-password" placeholder="Password">\n'
      '  <input type="hidden" name="token_type" value="bearer">\n</form>\n</body></html>\n' % (h(20), b64(48), png))

ids = "\n".join("%s  %s  job=%s  attempt=%d  duration=%dms  trace_id=%s" % (
    "2026-09-%02dT10:%02d:%02dZ" % (1 + i % 28, i % 60, (i * 7) % 60), R.choice(["INFO", "WARN", "DEBUG"]),
    uuid(), i % 4, R.randint(3, 9000), h(32)) for i in range(200))
write("service.log", ids + "\nDEBUG token cache hit ratio=0.93 size=1200\nINFO password policy loaded (min length 12)"
      "\nWARN secret store unreachable, retrying in 5s\nINFO request_id=%s etag=\"W/%s\"\n" % (uuid(), h(16)))

write("auth_service.py", '''import getpass
import os

import jwt
from keyring import get_password

MAX_TOKENS = 4096
TOKEN_TTL_SECONDS = 3600
PASSWORD_MIN_LENGTH = 12


class AuthService:
    def __init__(self, settings):
        self.api_key = os.environ["ACME_API_KEY"]
        self.secret = settings.jwt_secret
        self.password = None
        self.token_url = "https://auth.example.com/oauth/token"

    def login(self, username):
        password = getpass.getpass("Password: ")
        token = self._exchange(username, password)
        self.password = password
        return token

    def _exchange(self, username, password):
        token = jwt.encode({"sub": username}, self.secret, algorithm="HS256")
        return token

    def from_keyring(self):
        return get_password("acme", "api_key")


def check(password: str, token: str | None = None) -> bool:
    secret_name = "prod/db/password"
    api_key = os.getenv("API_KEY", "")
    return bool(password) and token != api_key and secret_name
''')

write("TokenBucket.java", '''package dev.acme.ratelimit;

import java.time.Duration;
import java.util.UUID;

/** A token bucket: tokens refill at a fixed rate up to the capacity. */
public final class TokenBucket {
    private static final long MAX_TOKENS = 10_000L;
    private static final String SECRET_HEADER = "X-Acme-Signature";
    private final UUID id = UUID.fromString("3f2a1b0c-9d8e-4f6a-8b4c-3d2e1f0a9b8c");
    private long tokens;
    private String password;
    private final char[] passwordChars = new char[0];

    public boolean tryConsume(int tokenCount) {
        if (tokens < tokenCount) {
            return false;
        }
        tokens -= tokenCount;
        return true;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    String authHeader(String token) {
        return "Bearer " + token;
    }

    Duration refill() {
        String apiKey = System.getenv("ACME_API_KEY");
        String secretKey = config.get("secret_key");
        return Duration.ofMillis(apiKey.length() + secretKey.length());
    }
}
''')

write("docker-compose.yml", '''services:
  db:
    image: postgres:16@sha256:%s
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}
      POSTGRES_DB: app
  api:
    build: .
    environment:
      DATABASE_URL: postgres://app:${POSTGRES_PASSWORD}@db:5432/app
      REDIS_URL: redis://cache:6379/0
      API_KEY: ${API_KEY:?set API_KEY}
      JWT_SECRET_FILE: /run/secrets/jwt_secret
    secrets:
      - jwt_secret
secrets:
  jwt_secret:
    file: ./secrets/jwt_secret.txt
''' % h(64))

write("deployment.yaml", '''apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  annotations:
    checksum/config: %s
spec:
  template:
    spec:
      containers:
        - name: api
          image: ghcr.io/acme/api@sha256:%s
          env:
            - name: DB_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: db-credentials
                  key: password
            - name: API_TOKEN
              valueFrom:
                secretKeyRef: {name: api, key: token}
''' % (h(64), h(64)))

write("README-setup.md", '''# Setup

1. Create a token at https://github.com/settings/tokens and export it:

       export GITHUB_TOKEN=<your-token>
       export OPENAI_API_KEY="sk-..."
       export ANTHROPIC_API_KEY=YOUR_API_KEY_HERE

2. Copy `.env.example` to `.env` and fill in `DB_PASSWORD=` and `STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxx`.
3. In `config.yaml` set `password: ********` and `api_key: "{{ api_key }}"`.
4. Authenticate with `curl -H "Authorization: Bearer $TOKEN" https://api.example.com/me`.
5. The connection string looks like `postgres://user:password@localhost:5432/db`.
6. Never paste your token into an issue; use `gh auth login --with-token < token.txt`.
''')

write(".env.example", '''# copy to .env
DB_HOST=localhost
DB_PORT=5432
DB_PASSWORD=
API_KEY=your-api-key
SECRET_KEY=changeme-in-production-please-replace-this
STRIPE_SECRET_KEY=sk_test_...
SENTRY_DSN=
AUTH_TOKEN=${AUTH_TOKEN}
SESSION_SECRET=<generate with openssl rand -hex 32>
''')

write("main.tf", '''variable "db_password" {
  type      = string
  sensitive = true
}

resource "aws_db_instance" "main" {
  identifier     = "acme-prod"
  password       = var.db_password
  kms_key_id     = aws_kms_key.db.arn
  engine_version = "16.3"
}

data "aws_secretsmanager_secret_version" "api" {
  secret_id = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api-%s"
}
''' % h(6))

write("migration.sql", "\n".join(
    "INSERT INTO api_keys (id, owner_id, key_hash, prefix, created_at) VALUES ('%s', '%s', '%s', 'ak_%s', now());"
    % (uuid(), uuid(), h(64), h(6)) for _ in range(20)) + "\n")

write("build.log", "\n".join([
    "> acme-web@1.4.2 build", "> vite build", "vite v5.4.8 building for production...",
    "transforming (1204) src/auth/TokenProvider.tsx", "✓ 1380 modules transformed.",
] + ["dist/assets/%s-%s.js   %d.%02d kB │ gzip: %d.%02d kB" % (R.choice(["index", "vendor", "auth", "secrets"]),
                                                             "".join(R.choice("ABCDEFGHabcdefgh0123456789_-")
                                                                     for _ in range(8)),
                                                             R.randint(1, 400), R.randint(0, 99), R.randint(1, 90),
                                                             R.randint(0, 99)) for _ in range(30)]
    + ["Docker image sha256:%s pushed" % h(64), "cosign signature: MEUCIQ%s" % b64(45)[:60],
       "Run ID: %s  attempt 1" % uuid(), "token usage: input_tokens=12034 output_tokens=882 cache_read=40211"]) + "\n")

write("api-response.json", '''{
  "id": "%s",
  "object": "chat.completion",
  "etag": "%s",
  "usage": {"prompt_tokens": 1532, "completion_tokens": 219, "total_tokens": 1751},
  "checksum": "sha256:%s",
  "next_page": "/v1/items?cursor=%s",
  "key": "user_profile_settings",
  "tokenizer": "cl100k_base",
  "password_policy": {"min_length": 12, "require_symbols": true},
  "secret_version": 4,
  "auth": {"type": "oauth2", "token_endpoint": "https://auth.example.com/token"}
}
''' % (uuid(), h(32), h(64), h(12)))

write("Cargo.lock", "\n".join('[[package]]\nname = "%s"\nversion = "0.%d.%d"\nsource = "registry+https://github.com/'
                              'rust-lang/crates.io-index"\nchecksum = "%s"\n' % (n, R.randint(1, 9), R.randint(0, 30), h(64))
                              for n in ["ring", "rustls", "jsonwebtoken", "secrecy", "zeroize", "base64"]))

write("stacktrace.txt", '''Exception in thread "main" java.lang.IllegalStateException: token expired at 2026-09-02T10:00:00Z
	at dev.acme.auth.TokenValidator.validate(TokenValidator.java:88)
	at dev.acme.auth.AuthFilter.doFilter(AuthFilter.java:41)
	at org.eclipse.jetty.servlet.ServletHandler$Chain.doFilter(ServletHandler.java:1626)
Caused by: javax.crypto.BadPaddingException: Given final block not properly padded. Such issues can arise if a bad key is used during decryption.
	at java.base/com.sun.crypto.provider.CipherCore.unpad(CipherCore.java:975)
	... 42 more
request id %s, span %s
''' % (uuid(), h(16)))
print(len(os.listdir("negative")), "negative files")

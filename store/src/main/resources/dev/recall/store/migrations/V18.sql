-- V18: the members of a team's recall service (issue 19). A member presents a bearer token to the daemon; only the
-- token's SHA-256 is kept, so this file never holds a usable token. A revoked member stays listed (who had access,
-- until when) and is refused.
CREATE TABLE service_members (
    name         TEXT PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    role         TEXT NOT NULL CHECK (role IN ('member', 'admin')),
    token_sha256 TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT
);

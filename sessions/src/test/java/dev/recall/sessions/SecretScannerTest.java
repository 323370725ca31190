package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretScannerTest {
    final SecretScanner archive = SecretScanner.archive();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            aws_access_key_id      | key AKIAIOSFODNN7EXAMPLE here                          | AKIAIOSFODNN7EXAMPLE
            aws_access_key_id      | ASIAY34FZKBOKMUTVV7A                                   | ASIAY34FZKBOKMUTVV7A
            aws_secret_access_key  | aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY | wJalrXUtnFEMI/K7MDENG
            anthropic_api_key      | sk-ant-api03-abcdefghijklmnopqrstuvwx0123              | sk-ant-api03-abcdefghij
            openai_api_key         | sk-proj-abcdefghijklmnopqrstuv0123                      | sk-proj-abcdefghijk
            openai_api_key         | sk-svcacct-abcdefghijklmnopqrstuv0123                   | sk-svcacct-abcdefgh
            openai_api_key         | sk-admin-abcdefghijklmnopqrstuv0123                     | sk-admin-abcdefghij
            openai_api_key         | sk-abcdefghij0123456789abcdefghij0123456789abcdefgh     | sk-abcdefghij0123
            github_token           | ghp_abcdefghijklmnopqrstuvwxyz0123456789               | ghp_abcdefghijkl
            github_token           | gho_abcdefghijklmnopqrstuvwxyz0123456789               | gho_abcdefghijkl
            github_token           | ghu_abcdefghijklmnopqrstuvwxyz0123456789               | ghu_abcdefghijkl
            github_token           | ghs_abcdefghijklmnopqrstuvwxyz0123456789               | ghs_abcdefghijkl
            github_token           | ghr_abcdefghijklmnopqrstuvwxyz0123456789               | ghr_abcdefghijkl
            github_token           | github_pat_11ABCDEFG0_abcdefghijklmnopqrstuvwxyz01     | github_pat_11ABC
            gitlab_token           | glpat-abcdefghij0123456789                             | glpat-abcdefghij
            slack_token            | xoxb-123456789012-abcdefghijkl                          | xoxb-123456789012
            slack_token            | xoxp-123456789012-abcdefghijkl                          | xoxp-123456789012
            stripe_key             | sk_live_abcdefghij0123456789                           | sk_live_abcdefghij
            google_api_key         | AIzaSyA1234567890abcdefghijklmnopqrstuv                | AIzaSyA1234567890
            npm_token              | npm_abcdefghijklmnopqrstuvwxyz0123456789               | npm_abcdefghijklm
            pypi_token             | pypi-AgEIcHlwaS5vcmcabcdefghijklmnopqrstuvwxyz0123     | pypi-AgEIcHlwaS5vcmcabc
            huggingface_token      | hf_abcdefghijklmnopqrstuvwxyz012345                    | hf_abcdefghijklmnop
            sendgrid_api_key       | SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG | SG.abcdefghijklmnop
            authorization          | Authorization: Basic dXNlcjpwYXNzd29yZA0123            | dXNlcjpwYXNzd29yZA0123
            bearer_token           | use bearer abcdef0123456789xyz to call                 | abcdef0123456789xyz
            secret_assignment      | DB_PASSWORD=correcthorse9                              | correcthorse9
            secret_assignment      | export GITHUB_TOKEN="quoted value 123"                 | quoted value 123
            secret_assignment      | MY_API_KEY=abc123def ./run.sh                           | abc123def
            secret_assignment      | mysql --password=s3cretpw -h db                        | s3cretpw
            json_secret_field      | {"api_key": "plainvalue42"}                            | plainvalue42
            json_secret_field      | {'client_secret': 'anothervalue42'}                    | anothervalue42
            url_credentials        | postgres://admin:pa55word@db:5432/x                    | pa55word
            """)
    void definiteRulesRedact(String rule, String text, String secret) {
        SecretScanner.Result r = archive.scan(text);
        assertFalse(r.text().contains(secret), r.text());
        assertTrue(r.text().contains(SecretScanner.marker(rule)), r.text());
        assertEquals(rule, r.findings().get(0).rule());
        assertEquals(SecretScanner.Tier.DEFINITE, r.findings().get(0).tier());
    }

    @Test
    void privateKeyBlockIsRedactedWhole() {
        String text = "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\nAAAABG5vbmUAAAA\n"
                + "-----END OPENSSH PRIVATE KEY-----\nafter";
        SecretScanner.Result r = archive.scan(text);
        assertEquals("key:\n[REDACTED:private_key]\nafter", r.text());
        // a block cut off before its end is redacted to the end of the text
        assertEquals("x [REDACTED:private_key]",
                archive.redact("x -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC"));
    }

    @Test
    void findingsPointAtTheMarkerInTheReturnedText() {
        SecretScanner.Result r = archive.scan("a AKIAIOSFODNN7EXAMPLE b ghp_abcdefghijklmnopqrstuvwxyz0123456789 c");
        assertEquals(2, r.findings().size());
        for (SecretScanner.Finding f : r.findings()) {
            assertEquals(SecretScanner.marker(f.rule()), r.text().substring(f.start(), f.end()));
        }
    }

    @Test
    void overlappingMatchesBecomeOneRedactionNamedByTheSpecificRule() {
        SecretScanner.Result r = archive.scan("OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuv0123");
        assertEquals("OPENAI_API_KEY=[REDACTED:openai_api_key]", r.text());
        assertEquals(1, r.findings().size());
    }

    @Test
    void candidatesAreRecordedInTheArchiveAndRedactedOutbound() {
        String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghij0123456789";
        String text = "token AKIAIOSFODNN7EXAMPLE then " + jwt + " and signing_salt = q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D";
        SecretScanner.Result kept = archive.scan(text);
        assertTrue(kept.text().contains(jwt));
        assertEquals(1, kept.count(SecretScanner.Tier.DEFINITE));
        assertEquals(2, kept.count(SecretScanner.Tier.CANDIDATE));
        for (SecretScanner.Finding f : kept.findings()) {
            if (f.rule().equals("jwt")) {
                assertEquals(jwt, kept.text().substring(f.start(), f.end())); // offsets survive earlier redactions
            }
        }
        SecretScanner.Result out = SecretScanner.outbound().scan(text);
        assertFalse(out.text().contains(jwt));
        assertFalse(out.text().contains("q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D"));
        assertTrue(out.text().contains("[REDACTED:jwt]"));
        assertTrue(out.text().contains("[REDACTED:high_entropy_assignment]"));
    }

    @Test
    void ordinaryCodeAndProseAreLeftAlone() {
        for (String text : List.of("token = getToken()", "MAX_TOKENS=4096", "TOKEN_LIMIT=4096",
                "Bearer authentication is used", "the risk-assessment-framework-for-teams doc",
                "export API_KEY=$OPENAI_API_KEY", "PASSWORD=${DB_PASSWORD}", "commit 3f2a1b0c9d8e7f6a5b4c3d2e1f",
                "https://example.com:8080/path@foo", "\"password\": \"\"", "SECRET_NAME=true",
                "ask-learn-sk-learn is fine", "BYPASS=1", "postgres://user:${PW}@db/x")) {
            SecretScanner.Result r = archive.scan(text);
            assertEquals(text, r.text(), text);
            assertEquals(0, r.count(SecretScanner.Tier.DEFINITE), text);
        }
    }

    @Test
    void everySecretPlantedInTheFixturesIsCaught() {
        for (Map.Entry<String, String> e : Fixtures.plantedSecrets().entrySet()) {
            String text = e.getKey().startsWith("private_key")
                    ? "-----BEGIN RSA PRIVATE KEY-----\n" + e.getValue() + "\n-----END RSA PRIVATE KEY-----"
                    : switch (e.getKey()) {
                        case "aws_secret_access_key" -> "aws_secret_access_key = " + e.getValue();
                        case "authorization" -> "Authorization: Bearer " + e.getValue();
                        case "bearer_token" -> "bearer " + e.getValue();
                        case "secret_assignment_env", "secret_assignment_shell" -> "X_PASSWORD=" + e.getValue();
                        case "secret_assignment_flag" -> "--password=" + e.getValue();
                        case "json_secret_field" -> "{\"api_key\": \"" + e.getValue() + "\"}";
                        case "url_credentials" -> "postgres://u:" + e.getValue() + "@h/db";
                        default -> "value " + e.getValue() + " end";
                    };
            assertFalse(archive.redact(text).contains(e.getValue()), e.getKey() + ": " + archive.redact(text));
        }
    }

    /** Generic rules search only the lines around their hints: every line of a long text must still be covered. */
    @Test
    void longTextsAreSearchedAroundEveryHint() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            text.append(switch (i) {
                case 3 -> "export DB_PASSWORD=first9secret";
                case 150 -> "  {\"auth_token\": \"second9secret\"} and curl -H 'Authorization: Bearer third9secret0'";
                case 298 -> "signing_salt =";
                case 299 -> "  q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D";
                default -> "line " + i + " of ordinary build output, nothing to see";
            }).append('\n');
        }
        SecretScanner.Result r = archive.scan(text.toString());
        for (String secret : List.of("first9secret", "second9secret", "third9secret0")) {
            assertFalse(r.text().contains(secret), secret);
        }
        assertEquals(3, r.count(SecretScanner.Tier.DEFINITE), r.findings().toString());
        assertEquals(1, r.count(SecretScanner.Tier.CANDIDATE), r.findings().toString());
    }

    @Test
    void entropyOfAUniformStringIsItsLogAlphabet() {
        assertEquals(2.0, SecretScanner.entropy("abcdabcd"), 1e-9);
        assertEquals(0.0, SecretScanner.entropy("aaaa"), 1e-9);
    }
}

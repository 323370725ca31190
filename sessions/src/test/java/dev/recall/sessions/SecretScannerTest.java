package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretScannerTest {
    final SecretScanner scanner = SecretScanner.archive();

    /** Each provider format, as the provider documents it, is redacted whole and named by its rule. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            private_key                | value -----BEGIN EC PRIVATE KEY----- MHcCAQEEIzwZWdfRLgxL+Z1bvxbT7WrKL8ozFiA2auK7Z7GtQ -----END EC PRIVATE KEY----- here
            age_secret_key             | value AGE-SECRET-KEY-1D2UTTZ8P2769M9FNQC4GEVRDUSEGK7RGF68X8FJTT6FD5LWS8HTYJQR4DC here
            jwt                        | value eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.zrzx1vLXEvz4dncnNobfxl4K41gIlp9Qg3l0Ukw4Ywr here
            onepassword_secret_key     | value A3-KQ0O0W-ZAH68MA7TK6-2NQ03-97SMB-0TX9S here
            aws_access_key_id          | value AKIAMGZZLQ3VII2Y09LX here
            aws_access_key_id          | value ASIAQNR3YL44KE8P37AH here
            aws_mws_key                | value amzn.mws.af2a080a-d854-1c11-a795-e1d763f588b2 here
            gcp_api_key                | value AIzaZWtKOQRTLEwVtdUrGr3YnWOS-BdwMe4KUV4 here
            gcp_oauth_client_secret    | value 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 here
            gcp_oauth_access_token     | value ya29.Ckz1dW0GbehUM3ADZQXmHgX3TAEy5JVdr3Q9LvUd_aM3ZWR8fWgVJeed1yJegpq-YMDE3HoYGlXigBlZ here
            gcp_oauth_refresh_token    | value 1//0uOUsxSnhZ5HDtdSKwCtowfTJCDWbcrgJA3O3Kv-2whpsOifIEcipNinfb44C here
            azure_ad_client_secret     | value 37F8Q~xPTMHJuQtTL0jrpMFnHUB91NTZVgCcp9Qe here
            azure_devops_pat           | value inWNWICsUs6j8r6O2Nzzohmbte9KmWjLuh2ziTBBmlWJIbCEiU9rAZDOjS1X here
            alibaba_access_key_id      | value LTAILjVs9xsGujSCq6VbMoKC here
            digitalocean_token         | value dop_v1_52fcdcbc836b42830bca7398d44490847d489dc2b0f7f2f9714e2b4b12060e6e here
            heroku_api_key             | value HRKU-AA-AbFcT3XQ6kCEmHEfyv-RksTEqvZ1hWg9Kx0hm9AWDgdWCUcmgpytzUhvV here
            flyio_token                | value fo1_AT77j9oWpSGzT7bPyq2oqbILcfxUf0drKXHHL8wbh4r here
            cloudflare_origin_ca_key   | value v1.0-05dda854fb4fee5ef9ee3f1e-63bf0cda1643d03464780b1161676605e8fbbba790e3516c9ba5fa9ff0f082a30db05bbba8a8c57922f2263bca77148c50aa6c8f5501419bf4149b87a7178d32506afcb476de8d6e79 here
            hashicorp_vault_token      | value hvs.Ebr7aMEWEZi3BJLVCfLPJIKCivvW4xG2X8Z7pJtWnnFbZFoe7Oi1bPEU9PXZQV2JhKeaC46ig4Q7s9fNRIIVeQ1lCk here
            terraform_cloud_token      | value YLqX45mDEmMwgv.atlasv1.guQT9s7VrvfajjcN9Q8jg6WbmD6jCuBwQiLRxXvYTDN9N3nz_AK6vfspNDPUfkad9Fn here
            doppler_token              | value dp.pt.NY0qd1Q62uDLNlFFYLibsnJNkb5TzGF4E1VyfJO0g7E here
            pulumi_token               | value pul-2c79f6ada5e474def8bcb216f0ed162edf06727c here
            planetscale_token          | value pscale_tkn_KIpOUYp16vqWsElxkoeCwMajZ5z4vIA5UiUMRXHPeSd here
            supabase_token             | value sbp_bc5021a9e11f559ca168fc162f465fa3f3e414c7 here
            scalingo_token             | value tk-us-cgRSCgjs8Zw4nM-GvdQoBAQ3Br3wvdIsVSNEtzEplgSJfGkM here
            openshift_token            | value sha256~K3NmM7cTRuNph3Jb_Xsi_PBUFIds5bx5WZ-rn5PAGry here
            dynatrace_token            | value dt0c01.QPTTFIDEUVMLO1LNDCAUB12Q.XM8O0PROGVDAFEDZLO8FPW20IQZM2TY3QW57O59IXN90Q27STTWMQLSGTDS1M2HZ here
            newrelic_key               | value NRAK-LZG33ODB958NCGDU57OTPQVZHGH here
            grafana_token              | value glc_6WaYASbsTlXDurhOIYulzYpkxiLzMqA/NtRX37sIzX98xp53Y9hPPT/lV4xP here
            databricks_token           | value dapi0910201dc9ac34e3de641f08121c51c2 here
            docker_hub_token           | value dckr_pat_pbctjPgCHqRtA58X6MOGyiVJ6yY here
            github_token               | value ghp_vW2UBKTPksYyDD8ym70jsH1hnUomlA7CJXTS here
            github_token               | value 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 here
            gitlab_token               | value glpat-Boag0Y6bHX2MY_sf3u1e here
            gitlab_token               | value glrt-TRCk_gMehCeyfK6Z7SOd here
            atlassian_token            | value ATATT3xFfGF04Iwavt6OLVqpC55rd1f41xOjIQJISposHrJTfeBFi90V28YmkJGMb45oCxxDmvF26ah1qBXnvzyRZ09Io34Vsu8XETEpezOnJthIEhSih6P5mbyBQGs_UOfG9BXjLGMooVblWMh5DYGSKuFfL1DOrxD9KmMG7N_ecsYTBlcW98DPsaZs13YO here
            bitbucket_token            | value ATBBAg9XFV03LuhXqiXwTplmq4AKODpMlrrW here
            sourcegraph_token          | value sgp_736cf9a9f8dea8678d1f8ce04f7d7f8bcd8b464c here
            npm_token                  | value npm_jdnhsJc3HzLjcSGmDam986ZpyvjtchkofH8k here
            pypi_token                 | value pypi-AgEIcHlwaS5vcmcWiISpgseCbS0fso4XPJ0zokRA2qcHioZClW-vWP-XXOxzLXL-JS7hk13u2ZN here
            rubygems_token             | value rubygems_4e377b9f597fea1873c35c36ed816f24536489a1f8ae4f45 here
            nuget_key                  | value oy2r1f58gjp5s78s9p0c5mb9pdabg2m02eefge28rr5tvy here
            jfrog_token                | value AKCpjQrnacT2CDD5jSrak17Ftdol1imINtAitsnEOsaiGkkV7WWeHwqIwAJ0F0XEzmlYoXstw here
            sonar_token                | value sqp_9b6e1c952450d129cf3732cb6b63bb95d54d16d3 here
            linear_api_key             | value lin_api_CzVTO0Q5DOHpdRFbKCG3LkljBc7AEEXz7kAZqCnr here
            postman_api_key            | value PMAK-c587030b42efd7a6e52f1195-b728c5b69317ee00258e298405e4e6e791 here
            netlify_token              | value nfp_lQL0wqD3Qqrt2wyawgUsK5Y4EcIfkMFxUczY here
            anthropic_api_key          | value sk-ant-api03-8bF7QcfuWf38YAHYiOIVw0BNqMKm1LoCs5olkIzCbQvIFDxAH3UBvn-1BCznbeKppTPCiZYh2V9XZo49qA9Z6yOFHF-dzmF here
            openai_api_key             | value sk-proj-PgdUUtbrxwlnuf9okC5-zwqVIxjsFx0oo3lm5jdvPCPfcHy0_3w6jvQ_9eTA here
            openai_api_key             | value sk-nx140aILmgH6mMp1ixikTqT9bkD3A6AqUku6mM1ssc3xbNmP here
            huggingface_token          | value hf_VbVF39hE0rHob38JmwYuR8R8z32GtGVxuy here
            groq_api_key               | value 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 here
            perplexity_api_key         | value 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 here
            replicate_token            | value r8_fGYp0QA8gq18Kcs90TBSAgd795GRt6SJcVBi1 here
            langsmith_api_key          | value 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 here
            slack_token                | value xoxb-204068705856-785562711900-z8ccJTttkXrDEOtPOCkgz156 here
            slack_app_token            | value xapp-1-AX2X2NT0QW4-3863871276504-nt4o80bn0cchmo1y713vq5bzd25bi7vdupdnyznnqjdtpghi3xq6hrf16hhepbtz here
            slack_webhook              | value https://hooks.slack.com/services/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 here
            discord_webhook            | value https://discord.com/api/webhooks/412994864571179227/VuPTeNh319vH_V0X-ZRS-HhY-iJbyOdszSdVHuRoikW6iwqbz4hLDYLxGopvng5NsNbM here
            teams_webhook              | value https://acme.webhook.office.com/webhookb2/588bf789-7ad9-9828-e7d1-fbe6d895f166@f0db1c4b-28c4-4f50-0f33-1beed9e6ee3d/IncomingWebhook/03c8ec5e0c80608b75d70f936798585a here
            telegram_bot_token         | value 2029885644:AAGJTyxLFacSc9jAuuogV1wdofaHkqHqf_7 here
            twilio_api_key             | value SKb997b35eeff4e4ad5107c8952efe5b04 here
            sendgrid_api_key           | value 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 here
            sendinblue_api_key         | value 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 here
            mailgun_api_key            | value key-xs3k85gzrljb1ubz9xpzor2iladij3oy here
            mailchimp_api_key          | value 256054b46e4b7e39b679b527989cf5ca-us21 here
            stripe_key                 | value sk_live_r6Zpz5d7LntetrOsCb6INR3KavCpO8HR2SHfnopn here
            stripe_key                 | value rk_test_IepecJH0gwNSLgbOmej6vo3fip56QovXUQamIQ5h here
            stripe_webhook_secret      | value whsec_a6uLTW378HFS9add7CaNCL9rMAe2m48X here
            square_token               | value sq0atp-1UZfHtCb9oIsGWmor4vmJ2 here
            shopify_token              | value 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 here
            shippo_token               | value shippo_live_8503b3826e2470147c23c2bfb266cb051968fdf2 here
            plaid_token                | value access-sandbox-fd5fe6b5-898a-7cc5-2809-87bf766a42db here
            flutterwave_key            | value FLWSECK_TEST-9h1afgh5f2ge1e099h31g226595d0c44-X here
            easypost_key               | value EZAK4N8p350tsUptKG1YkurGVPFsXyQQNf9LXa5g2kI7cJD9ROm8rzvSko here
            sentry_token               | value 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 here
            notion_token               | value ntn_u7oZQDHNMIQfAPI8gV7OjV1MhoUEpK6j3z3ogkfSjkNcKX here
            airtable_token             | value patUhTtUZ1z2Aa3yj.ace1095f9934a16bbe7a5728055cee554896168e993ee1a70ee66d2acd452599 here
            hubspot_token              | value pat-na1-38d524c3-d503-e5bb-44db-c8d8290bb86a here
            contentful_token           | value CFPAT-YgtO0sCpvxNaDolsZA7n5q3zlNgCiQzgRZTkwxa3O4s here
            typeform_token             | value tfp_ieunEISNSWhj4djO5D7e0KXQCm1OqoVAKBD0HRyk81zY7Xz9VNy2suowufI here
            mapbox_secret_token        | value sk.eyJ1Ijoi5FrUKPghzscULVLoU46jpXS4Jar5iGnaEb03XBNveTnckXY2jLD_6RkcaONL.r7hNL3yzCVhNErpSSQTjLu here
            """)
    void providerFormatsAreRedactedWhole(String rule, String text) {
        SecretScanner.Result r = scanner.scan(text);
        assertEquals("value " + SecretScanner.marker(rule) + " here", r.text(), text);
        assertEquals(1, r.findings().size(), r.findings().toString());
        // a JWT is certain by its form but often a documentation sample: a candidate, redacted all the same
        assertEquals(rule.equals("jwt") ? SecretScanner.Tier.CANDIDATE : SecretScanner.Tier.DEFINITE,
                r.findings().getFirst().tier());
    }

    /** Keys that name a secret, in every form people write them; the value goes, the key stays. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            env                  | DB_PASSWORD=correct9horse                                 | correct9horse
            env lower case       | db_password=correcthorse                                  | correcthorse
            glued name           | PGPASSWORD=s3cr3tpw psql -h db                            | s3cr3tpw
            shell export         | export GITHUB_TOKEN="quoted value 123"                    | quoted value 123
            yaml                 | password: "hunter2!x"                                     | hunter2!x
            yaml bare            |   client_secret: abcd1234efgh                             | abcd1234efgh
            json                 | {"api_key": "plainvalue42"}                               | plainvalue42
            json escaped         | {\\"apiKey\\": \\"escaped0value\\"}                        | escaped0value
            python dict          | {'client_secret': 'anothervalue42'}                       | anothervalue42
            toml                 | secret_key = "t0ml-secret-value"                          | t0ml-secret-value
            ini                  | pass = ini9password                                       | ini9password
            npmrc                | //registry.npmjs.org/:_authToken=abcdef0123456789         | abcdef0123456789
            docker config        | {"auths": {"r.io": {"auth": "dXNlcjpwYXNzd29yZA=="}}}     | dXNlcjpwYXNzd29yZA==
            header               | x-api-key: 0123456789abcdefABCDEF                         | 0123456789abcdefABCDEF
            query string         | /export?access_token=qs0token0value&page=2                | qs0token0value
            xml                  | <password>xml9secret</password>                           | xml9secret
            camelCase            | const c = { accessToken: 'abc123def456ghi' };             | abc123def456ghi
            connection string    | Server=db;User ID=sa;Password=Sql9pass;Encrypt=true       | Sql9pass
            powershell           | $env:API_TOKEN = "ps0token0value"                         | ps0token0value
            long flag            | mysql --password=s3cretpw -h db                           | s3cretpw
            long flag spaced     | ./manage.py --db-password flag9value --verbose            | flag9value
            java keytool         | keytool -list -storepass changeit9                        | changeit9
            weak default         |   elastic_password: changeme                              | changeme
            """)
    void keyedValuesAreRedacted(String form, String text, String secret) {
        SecretScanner.Result r = scanner.scan(text);
        assertFalse(r.text().contains(secret), form + ": " + r.text());
        assertEquals(1, r.findings().size(), form + ": " + r.findings());
    }

    /**
     * An {@code &} or {@code ;} inside a password is part of it: the whole value goes, nothing of it is left after the
     * marker. Before a query's or a connection string's next parameter it ends the value, and that parameter stays.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            yaml ampersand        | ~password: Tr0ub4dor&3~                          | ~password: ~    | ~~
            env semicolon         | ~DB_PASSWORD=pa55;word9~                         | ~DB_PASSWORD=~  | ~~
            ampersands in prose   | ~the password: x9&y&z then press enter~          | ~the password: ~ | ~ then press enter~
            query next parameter  | ~/x?access_token=qs1token1value&page=2~          | ~/x?access_token=~ | ~&page=2~
            escaped ampersand     | ~/x?access_token=qs2token2value&amp;page=2~      | ~/x?access_token=~ | ~&amp;page=2~
            connection string     | ~Password=Sql9pass;User ID=sa~                   | ~Password=~     | ~;User ID=sa~
            shell operator        | ~TOKEN=tok9value9x&& make deploy~                | ~TOKEN=~        | ~&& make deploy~
            """)
    void aValueKeepsItsAmpersandsAndSemicolons(String form, String text, String before, String after) {
        SecretScanner.Result r = scanner.scan(text);
        assertTrue(r.text().matches(java.util.regex.Pattern.quote(before) + "\\[REDACTED:[a-z_]+\\]"
                + java.util.regex.Pattern.quote(after)), form + ": " + r.text());
        assertEquals(1, r.findings().size(), form + ": " + r.findings());
    }

    /** Credentials in URLs, command lines and headers. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            url_credentials | postgres://admin:pa55word@db:5432/x                       | pa55word
            url_credentials | redis://:emptyuser9pw@cache:6379/0                        | emptyuser9pw
            url_token       | https://x9f8e7d6c5b4a3928170f6e5d@github.com/acme/api.git | x9f8e7d6c5b4a3928170f6e5d
            cli_basic_auth  | curl -u deploy:curl9pass https://ci.example.com           | curl9pass
            cli_basic_auth  | curl -s --user 'bot:quoted9pass' https://x.io             | quoted9pass
            cli_password    | sshpass -p 'ssh9pass' ssh root@10.0.0.5                   | ssh9pass
            cli_password    | mysql -h db -u root -pmy9sqlpass app                      | my9sqlpass
            cli_password    | redis-cli -h cache -a redis9pass ping                     | redis9pass
            cli_password    | docker login registry.io -u ci -p docker9pass             | docker9pass
            cli_password    | openssl pkcs12 -export -passout pass:ossl9pass            | ossl9pass
            authorization   | Authorization: Basic dXNlcjpwYXNzd29yZA0123               | dXNlcjpwYXNzd29yZA0123
            bearer_token    | use bearer abcdef0123456789xyz to call                    | abcdef0123456789xyz
            azure_storage_key | AccountName=x;AccountKey=hJxPCk/42peNkyaIj6+rKCGKQ0Y2CCPpbaNB3kXRkW1NnX1xMJimgUjPEIg8yQl9bn5ggX6kTYqQdtJd3SArzK==;EndpointSuffix=core.windows.net | hJxPCk/42peNkyaIj6+rKCGKQ0Y2CCPpbaNB3kXRkW1NnX1xMJimgUjPEIg8yQl9bn5ggX6kTYqQdtJd3SArzK==
            azure_sas_signature | https://a.blob.core.windows.net/c?sv=1&sig=AbCdEf0123456789GhIjKl%3D | AbCdEf0123456789GhIjKl
            """)
    void commandLinesUrlsAndHeadersAreRedacted(String rule, String text, String secret) {
        SecretScanner.Result r = scanner.scan(text);
        assertFalse(r.text().contains(secret), r.text());
        assertTrue(r.text().contains(SecretScanner.marker(rule)), r.text());
    }

    /** Ordinary code, logs and documentation placeholders survive untouched. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            token = getToken()
            MAX_TOKENS=4096
            TOKEN_LIMIT=4096
            password_length: 12
            secret_name = "prod/db/password"
            Bearer authentication is used
            export API_KEY=$OPENAI_API_KEY
            PASSWORD=${DB_PASSWORD}
            API_KEY: ${API_KEY:?set it}
            commit 3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a
            id: 3f2a1b0c-9d8e-4f6a-8b4c-3d2e1f0a9b8c
            "integrity": "sha512-Xk3e0lGQ5SxCSEC9DnCmUWfeTZq6y1sRtqtVjKEt/O8ogShXkHzfnrnl+AhqUNFQTpEY7vR2+lVZpsbYB5ZEXg=="
            <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">
            https://example.com:8080/path@foo
            permissions: { id-token: write, contents: read }
            the workflow now has `id-token: write`.
            ~"text": "- Local: http://localhost:3000\\n@tallyho/api:dev: ready"~
            "password": ""
            SECRET_NAME=true
            ask-learn-sk-learn is fine
            BYPASS=1
            postgres://user:${PW}@db/x
            export GITHUB_TOKEN=<your-token>
            api_key: YOUR_API_KEY_HERE
            password: ********
            STRIPE_SECRET_KEY=sk_test_...
            auth_token: xxxxxxxxxxxxxxxx
            token: "{{ vault_token }}"
            self.password = password
            String password = args.password;
            --- PASS: TestSplitEvenly (0.00s)
            secret_id = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api-Ab12Cd"
            image: postgres:16@sha256:4c2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a
            "usage": {"input_tokens": 1200, "output_tokens": 80}
            gh auth login --with-token < token.txt
            """)
    void ordinaryTextIsLeftAlone(String text) {
        SecretScanner.Result r = scanner.scan(text);
        assertEquals(text, r.text(), r.findings().toString());
    }

    /**
     * testdata/secrets/prose.tsv: prose whose first word after "password:" or "token=" is only the start of a
     * sentence is left alone; real secrets in shapes beside planted.tsv's (bare words at a line's end, glued env
     * assignments before a command, values with a digit or symbol followed by prose, quoted passphrases) are not.
     */
    @Test
    void labelledProseIsLeftAloneAndLabelledSecretsAreNot() {
        int secrets = 0;
        int prose = 0;
        for (String line : SecretCorpus.read(SecretCorpus.DIR.resolve("prose.tsv")).split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", 3);
            String text = f[2].replace("\\n", "\n");
            SecretScanner.Result r = scanner.scan(text);
            if (f[0].equals("secret")) {
                secrets++;
                assertFalse(r.text().contains(f[1]), "kept a secret: " + r.text());
            } else {
                assertEquals("prose", f[0], line);
                prose++;
                assertEquals(text, r.text(), "prose redacted: " + r.findings());
            }
        }
        assertTrue(secrets >= 20 && prose >= 30, secrets + " secrets, " + prose + " prose lines");
    }

    @Test
    void privateKeyBlockIsRedactedWhole() {
        String text = "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\nAAAABG5vbmUAAAA\n"
                + "-----END OPENSSH PRIVATE KEY-----\nafter";
        assertEquals("key:\n[REDACTED:private_key]\nafter", scanner.scan(text).text());
        // a block cut off before its end is redacted to the end of the text
        assertEquals("x [REDACTED:private_key]",
                scanner.redact("x -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC"));
    }

    /**
     * Found by fuzzing (TranscriptFuzzTest.secretScanner, seed marker-in-pgpass-line): the .pgpass rule splits a line
     * at colons, and a redaction marker holds one, so a second pass took the marker's tail for a password and wrote
     * "[REDACTED:[REDACTED:pgpass_password]". A marker is recall's own output: no rule may match into one.
     */
    @Test
    void aSecondPassLeavesMarkersWhole() {
        String once = scanner.redact("db:5432:app:owner:x ACCESS_KEY=AKIAJPJOMKEF4ss0rdQ7Zx");
        assertTrue(once.contains("[REDACTED:"), once);
        assertEquals(once, scanner.redact(once));
        String marked = "db:5432:app:user:[REDACTED:high_entropy_assignment]";
        assertEquals(marked, scanner.redact(marked));
        // a real secret next to a marker is still found
        assertEquals("[REDACTED:github_token] [REDACTED:aws_access_key_id]",
                scanner.redact("[REDACTED:github_token] AKIAIOSFODNN7EXAMPLE"));
    }

    @Test
    void findingsPointAtTheMarkerInTheReturnedText() {
        SecretScanner.Result r = scanner.scan("a AKIAIOSFODNN7EXAMPLE b ghp_abcdefghijklmnopqrstuvwxyz0123456789 c"
                + " and signing_salt = q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D");
        assertEquals(3, r.findings().size());
        for (SecretScanner.Finding f : r.findings()) {
            assertEquals(SecretScanner.marker(f.rule()), r.text().substring(f.start(), f.end()));
        }
    }

    @Test
    void overlappingMatchesBecomeOneRedactionNamedByTheSpecificRule() {
        SecretScanner.Result r = scanner.scan("OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuv0123");
        assertEquals("OPENAI_API_KEY=[REDACTED:openai_api_key]", r.text());
        assertEquals(1, r.findings().size());
    }

    /** Candidates (random values after a key that only may name a secret) are redacted too, and say so. */
    @Test
    void candidatesAreRedactedWithTheirConfidence() {
        SecretScanner.Result r = scanner.scan("signing_salt = q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D and cache_key = users");
        assertEquals("signing_salt = [REDACTED:high_entropy_assignment] and cache_key = users", r.text());
        assertEquals(SecretScanner.Tier.CANDIDATE, r.findings().getFirst().tier());
        assertEquals(r.text(), SecretScanner.outbound().redact("signing_salt = q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D and cache_key = users"));
    }

    /** Scanning redacted text again finds nothing: a backfill or a re-check never stacks markers. */
    @Test
    void redactionIsIdempotent() {
        for (SecretCorpus.Planted p : SecretCorpus.planted()) {
            String once = scanner.redact("key: " + p.secret() + "\nPASSWORD=" + p.secret());
            assertEquals(List.of(), scanner.scan(once).findings(), p.id() + ": " + once);
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
                case 299 -> "signing_salt = q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D";
                default -> "line " + i + " of ordinary build output, nothing to see";
            }).append('\n');
        }
        SecretScanner.Result r = scanner.scan(text.toString());
        for (String secret : List.of("first9secret", "second9secret", "third9secret0", "q8Zr4Tn2Lw9Xv5Kp3Jm7Hs1D")) {
            assertFalse(r.text().contains(secret), secret);
        }
        assertEquals(3, r.count(SecretScanner.Tier.DEFINITE), r.findings().toString());
        assertEquals(1, r.count(SecretScanner.Tier.CANDIDATE), r.findings().toString());
    }

    @Test
    void keyNamesAreReadInAnyCaseAndShape() {
        for (String key : List.of("password", "DB_PASSWORD", "x-api-key", "clientSecret", "_authToken", "AccountKey",
                "AWSSecretKey", "PGPASSWORD", "api.token", "SECRET_KEY_BASE")) {
            assertEquals(SecretKeyName.Strength.STRONG, SecretKeyName.of(key), key);
        }
        for (String key : List.of("key", "signing_salt", "hmac", "cache_key")) {
            assertEquals(SecretKeyName.Strength.WEAK, SecretKeyName.of(key), key);
        }
        for (String key : List.of("max_tokens", "TOKEN_LIMIT", "password_length", "secret_name", "tokenizer",
                "passwordless", "author", "bypass", "token_url", "keyboard")) {
            assertEquals(SecretKeyName.Strength.NONE, SecretKeyName.of(key), key);
        }
    }

    @Test
    void entropyOfAUniformStringIsItsLogAlphabet() {
        assertEquals(2.0, SecretValues.entropy("abcdabcd"), 1e-9);
        assertEquals(0.0, SecretValues.entropy("aaaa"), 1e-9);
    }

    @Test
    void everyRuleNameIsListed() {
        assertTrue(SecretScanner.ruleNames().size() >= 100, SecretScanner.ruleNames().toString());
        assertTrue(SecretScanner.ruleNames().containsAll(List.of("jwt", "secret_assignment", "url_credentials")));
    }

    /** issue 12: a value on the line after its key (YAML, prompts, pretty-printed JSON, block scalars, shell). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            yaml        | password:¶  hunter2Secret99¶user: bob                    | hunter2Secret99
            prompt      | Password:¶kx8Lm2pQ7rTz                                  | kx8Lm2pQ7rTz
            json        | {¶  "db_password":¶    "s3cr3tPassw0rd!",¶  "x": 1¶}   | s3cr3tPassw0rd!
            block       | api_key: |¶  a8f5f167f44f4964e6c998dee827110c¶         | a8f5f167f44f4964e6c998dee827110c
            folded      | client_secret: >-¶    Zm9vYmFyYmF6cXV4MTIz¶           | Zm9vYmFyYmF6cXV4MTIz
            shell       | export GITHUB_TOKEN=\\¶  abcd1234efgh5678ijkl            | abcd1234efgh5678ijkl
            """)
    void aValueOnTheNextLineIsRedacted(String form, String text, String secret) {
        String out = scanner.redact(text.replace("¶", "\n"));
        assertFalse(out.contains(secret), form + ": " + out);
    }

    /** A key at a line's end followed by prose, a mapping, a list, a fence or a blank line keeps that line. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            password:¶  type: string¶  minLength: 12
            Reset your password:¶Open the settings page first
            secrets:¶  - name: db
            token:¶```bash
            password:¶¶required
            password:¶  # set by the operator
            """)
    void aKeyAtTheLineEndDoesNotTakeOrdinaryNextLines(String text) {
        String in = text.replace("¶", "\n");
        assertEquals(in, scanner.redact(in));
    }

    /** issue 12: every value of a Kubernetes Secret's data and stringData, whatever the key is called. */
    @Test
    void kubernetesSecretManifestsAreRedactedWhole() {
        String yaml = """
                apiVersion: v1
                kind: Secret
                metadata:
                  name: db-creds
                  labels:
                    app: api
                type: Opaque
                data:
                  username: YWRtaW4=
                  host: ZGIuaW50ZXJuYWw=
                  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJ
                stringData:
                  config.yaml: |
                    endpoint: https://api.example.com
                    signing: Kx9-rotates-monthly
                  smtp: mailrelay-Ki8sP2x
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: api
                data:
                  mode: fast
                """;
        var r = scanner.scan(yaml);
        for (String v : new String[] {"YWRtaW4=", "ZGIuaW50ZXJuYWw=", "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJ",
                "https://api.example.com", "Kx9-rotates-monthly", "mailrelay-Ki8sP2x"}) {
            assertFalse(r.text().contains(v), v + " kept:\n" + r.text());
        }
        assertTrue(r.text().contains("name: db-creds") && r.text().contains("app: api"), r.text());
        assertTrue(r.text().contains("mode: fast"), "another document's data is not a Secret's:\n" + r.text());
        assertTrue(r.findings().stream().anyMatch(f -> f.rule().equals("kubernetes_secret")), r.findings().toString());

        String json = "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"x\"},"
                + "\"data\":{\"username\":\"YWRtaW4=\",\"region\":\"ZXUtd2VzdC0x\"},\"type\":\"Opaque\"}";
        String out = scanner.redact(json);
        assertFalse(out.contains("YWRtaW4=") || out.contains("ZXUtd2VzdC0x"), out);
        assertTrue(out.contains("\"name\":\"x\"") && out.contains("\"type\":\"Opaque\""), out);

        String literal = scanner.redact("kubectl create secret generic api --from-literal=API_URL=https://x.io/v1"
                + " --from-literal='signing=Qm9vbXRvd24xMjM0'");
        assertFalse(literal.contains("https://x.io/v1") || literal.contains("Qm9vbXRvd24xMjM0"), literal);

        // a Deployment that only refers to a Secret keeps everything
        String refs = """
                kind: Deployment
                spec:
                  env:
                    - name: DB_PASSWORD
                      valueFrom:
                        secretKeyRef:
                          name: db-creds
                          key: password
                """;
        assertEquals(refs, scanner.redact(refs));
    }

    /** issue 12: base64 that decodes to text holding a secret is redacted; encoded text without one is not. */
    @Test
    void secretsInsideBase64AreFound() {
        String url = java.util.Base64.getEncoder().encodeToString("postgres://admin:hunter2x9@db.example.com:5432/prod"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String docker = java.util.Base64.getEncoder().encodeToString(("{\"auths\":{\"r.example.com\":{\"auth\":\""
                + "ZGVwbG95OnMzY3IzdFBhc3NXMHJk\"}}}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String aws = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                "aws_access_key_id=AKIAMGZZLQ3VII2Y09LX".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (String encoded : new String[] {url, docker, aws}) {
            var r = scanner.scan("echo '" + encoded + "' | base64 -d");
            assertFalse(r.text().contains(encoded), r.text());
            assertEquals("encoded_secret", r.findings().getFirst().rule(), r.findings().toString());
        }
        String plain = java.util.Base64.getEncoder().encodeToString("the quick brown fox jumps over the lazy dog"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("value: " + plain, scanner.redact("value: " + plain));
    }

    /** issue 12: ~/.netrc and ~/.pgpass lines. */
    @Test
    void netrcAndPgpassPasswordsAreRedacted() {
        String netrc = scanner.redact("machine api.heroku.com login me@example.com password 01234567-89ab-cdef-0123\n"
                + "machine github.com\n  login octocat\n  password ghx_8Rt5pLm2Wq9z\n");
        assertFalse(netrc.contains("01234567-89ab-cdef-0123") || netrc.contains("ghx_8Rt5pLm2Wq9z"), netrc);
        assertTrue(netrc.contains("login octocat"), netrc);
        String pgpass = scanner.redact("db.internal:5432:app:appuser:Zq8!rTe55pQm\n*:*:*:postgres:Pg-0ld-default\n");
        assertFalse(pgpass.contains("Zq8!rTe55pQm") || pgpass.contains("Pg-0ld-default"), pgpass);
        String prose = "log in with password reset links; main.go:12:5: undefined: x";
        assertEquals(prose, scanner.redact(prose));
    }
}

package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The catalogue of secret shapes recall recognises by their form: provider token formats as each provider documents
 * them (prefix, length, alphabet), key material, and the places credentials sit in commands, headers and URLs.
 * Keyed assignments ({@code password=...}) are {@link SecretAssignments}. Earlier rules are more specific: when
 * matches overlap, the first-listed rule names the redaction.
 */
final class SecretRules {
    private SecretRules() {}

    private static final String B64 = "A-Za-z0-9+/";
    /** Not after / before a letter or digit: the bounds of a token found by a hint inside it. */
    private static final String NB = "(?<![A-Za-z0-9])";
    private static final String NA = "(?![A-Za-z0-9])";
    private static final String URLSAFE = "A-Za-z0-9_-";
    /** A value in a command line: double-quoted, single-quoted or bare. */
    private static final String ARG = "(?:\"([^\"\\r\\n]+)\"|'([^'\\r\\n]+)'|([^\\s\"'`;&|)]+))";

    static List<PatternRule> all() {
        List<PatternRule> r = new ArrayList<>();
        keyMaterial(r);
        cloud(r);
        sourceHosts(r);
        aiProviders(r);
        messaging(r);
        payments(r);
        devTools(r);
        saas(r);
        commandLines(r);
        return List.copyOf(r);
    }

    private static void keyMaterial(List<PatternRule> r) {
        r.add(token("private_key", "-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----[\\s\\S]*?"
                + "(?:-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|\\z)", "-----BEGIN"));
        r.add(token("private_key", "Private-Lines: *\\d+\\r?\\n(?:[" + B64 + "=]{1,80}\\r?\\n?)+", "Private-Lines:"));
        r.add(token("age_secret_key", "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", "AGE-SECRET-KEY-1"));
        // a candidate: a signed token by its form, but often a sample from documentation or a test fixture
        r.add(candidate(token("jwt", "eyJ[" + URLSAFE + "]{8,}\\.eyJ[" + URLSAFE + "]{8,}\\.[" + URLSAFE + "]{8,}",
                "eyJ")));
        r.add(token("onepassword_secret_key",
                "A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}", "A3-"));
        r.add(token("onepassword_service_token", "ops_eyJ[" + B64 + "]{100,}={0,3}", "ops_eyJ"));
    }

    private static void cloud(List<PatternRule> r) {
        r.add(token("aws_access_key_id", "(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}", "AKIA", "ASIA", "ABIA",
                "ACCA", "A3T"));
        r.add(near("aws_secret_access_key", "(?i)aws_?(?:secret|sk)_?(?:access_?)?(?:key)?[\"']?\\s*[:=]\\s*[\"']?"
                + "([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])", 1, "aws"));
        r.add(token("aws_mws_key", "amzn\\.mws\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                "amzn.mws."));
        r.add(token("gcp_api_key", "AIza[0-9A-Za-z_-]{35}", "AIza"));
        r.add(token("gcp_oauth_client_secret", "GOCSPX-[" + URLSAFE + "]{28}", "GOCSPX-"));
        r.add(token("gcp_oauth_access_token", "ya29\\.[" + URLSAFE + "]{30,}", "ya29."));
        r.add(token("gcp_oauth_refresh_token", "1//0[" + URLSAFE + "]{40,}", "1//0"));
        r.add(near("azure_storage_key", "(?i)(?:AccountKey|SharedAccessKey)\\s*=\\s*([" + B64 + "]{20,}={0,2})", 1,
                "accountkey", "sharedaccesskey"));
        r.add(near("azure_sas_signature", "[?&;]sig=([A-Za-z0-9%+/=]{20,})", 1, "sig="));
        r.add(token("azure_ad_client_secret", NB + "[A-Za-z0-9_~.-]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}" + NA, any(), true, "Q~"));
        r.add(token("azure_devops_pat", NB + "[A-Za-z0-9]{52}AZDO[A-Za-z0-9]{4}" + NA, any(), true, "AZDO"));
        r.add(token("alibaba_access_key_id", "LTAI[A-Za-z0-9]{20}", "LTAI"));
        r.add(token("digitalocean_token", "do[por]_v1_[a-f0-9]{64}", "dop_v1_", "doo_v1_", "dor_v1_"));
        r.add(token("heroku_api_key", "HRKU-[" + URLSAFE + "]{40,}", "HRKU-"));
        r.add(token("flyio_token", "(?:fo1_[" + URLSAFE + "]{39,}|fm[12][ar]?_[" + B64 + "]{60,}={0,3})", "fo1_",
                "fm1", "fm2"));
        r.add(token("cloudflare_origin_ca_key", "v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}", "v1.0-"));
        r.add(token("hashicorp_vault_token", "hv[sbr]\\.[" + URLSAFE + "]{24,}", "hvs.", "hvb.", "hvr."));
        r.add(token("terraform_cloud_token", NB + "[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70}" + NA, any(), true,
                ".atlasv1."));
        r.add(token("doppler_token", "dp\\.(?:pt|st|sa|ct|scim|audit)\\.(?:[a-z0-9_-]{1,30}\\.)?[A-Za-z0-9]{40,}",
                "dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."));
        r.add(token("pulumi_token", "pul-[a-f0-9]{40}", "pul-"));
        r.add(token("planetscale_token", "pscale_(?:tkn|pw|oauth)_[A-Za-z0-9=._-]{32,64}", "pscale_"));
        r.add(token("supabase_token", "(?:sbp_[a-f0-9]{40}|sb_secret_[" + URLSAFE + "]{30,})", "sbp_", "sb_secret_"));
        r.add(token("neon_api_key", "napi_[a-z0-9]{60,}", "napi_"));
        r.add(token("scalingo_token", "tk-us-[" + URLSAFE + "]{48}", "tk-us-"));
        r.add(token("yandex_token", "(?:AQVN[" + URLSAFE + "]{35,38}|YC[" + URLSAFE + "]{38}|t1\\.[A-Z0-9a-z_-]+"
                + "={0,2}\\.[A-Z0-9a-z_-]{86}={0,2})", v -> SecretValues.digits(v) > 0, false, "AQVN", "YC", "t1."));
        r.add(token("openshift_token", "sha256~[" + URLSAFE + "]{43}", "sha256~"));
        r.add(token("dynatrace_token", "dt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}", "dt0c01."));
        r.add(token("newrelic_key", "(?:NRAK-[A-Z0-9]{27}|NRJS-[a-f0-9]{19}|NRII-[" + URLSAFE + "]{32}"
                + "|NRAA-[a-f0-9]{27})", "NRAK-", "NRJS-", "NRII-", "NRAA-"));
        r.add(token("grafana_token", "(?:glc_[" + B64 + "]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"
                + "|eyJrIjoi[A-Za-z0-9]{50,400}={0,2})", "glc_", "glsa_", "eyJrIjoi"));
        r.add(token("databricks_token", "dapi[a-f0-9]{32}(?:-\\d)?", "dapi"));
        r.add(token("defined_networking_key", "dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}", "dnkey-"));
        r.add(token("harness_token", "pat\\.[" + URLSAFE + "]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}", "pat."));
        r.add(token("octopus_deploy_key", "API-[A-Z0-9]{26}", v -> SecretValues.digits(v) > 0, false, "API-"));
        r.add(token("docker_hub_token", "dckr_(?:pat|oat)_[" + URLSAFE + "]{27,}", "dckr_pat_", "dckr_oat_"));
        r.add(token("circleci_token", "CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}", "CCIPAT_"));
        r.add(token("buildkite_token", "bkua_[a-f0-9]{40}", "bkua_"));
    }

    private static void sourceHosts(List<PatternRule> r) {
        r.add(token("github_token", "(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}", "ghp_", "gho_", "ghu_", "ghs_",
                "ghr_"));
        r.add(token("github_token", "github_pat_[A-Za-z0-9_]{22,255}", "github_pat_"));
        r.add(token("gitlab_token", "(?:glpat|gldt|glrt|glptt|glft|glsoat|glcbt|glimt|glagent|gloas|glffct)-["
                + URLSAFE + "]{20,}", "glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glsoat-", "glcbt-", "glimt-",
                "glagent-", "gloas-", "glffct-"));
        r.add(token("gitlab_token", "GR1348941[" + URLSAFE + "]{20}", "GR1348941"));
        r.add(token("atlassian_token", "(?:ATATT3|ATCTT3)[A-Za-z0-9_=-]{180,}", "ATATT3", "ATCTT3"));
        r.add(token("bitbucket_token", "ATBB[A-Za-z0-9_=.-]{28,}", "ATBB"));
        r.add(token("sourcegraph_token", "sgp_(?:[a-f0-9]{16}_)?[a-f0-9]{40}", "sgp_"));
        r.add(token("npm_token", "npm_[A-Za-z0-9]{36}", "npm_"));
        r.add(token("pypi_token", "pypi-[" + URLSAFE + "]{32,}", "pypi-"));
        r.add(token("rubygems_token", "rubygems_[a-f0-9]{48}", "rubygems_"));
        r.add(token("nuget_key", "oy2[a-z0-9]{43}", "oy2"));
        r.add(token("clojars_token", "CLOJARS_[a-z0-9]{60}", "CLOJARS_"));
        r.add(token("jfrog_token", "(?:AKCp[A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56})", "AKCp", "cmVmdGtu"));
        r.add(token("sonar_token", "sq[pua]_[a-f0-9]{40}", "sqp_", "squ_", "sqa_"));
        r.add(token("snyk_token", "snyk_[a-z]{2}\\.[A-Za-z0-9_.-]{30,}", "snyk_"));
        r.add(token("readme_api_key", "rdme_[a-z0-9]{70}", "rdme_"));
        r.add(token("linear_api_key", "(?:lin_api_[A-Za-z0-9]{40}|lin_oauth_[a-f0-9]{64})", "lin_api_",
                "lin_oauth_"));
        r.add(token("postman_api_key", "PMAK-[a-f0-9]{24}-[a-f0-9]{34}", "PMAK-"));
        r.add(token("prefect_api_key", "pnu_[A-Za-z0-9]{36}", "pnu_"));
        r.add(token("netlify_token", "nf[pcou]_[A-Za-z0-9]{36,}", "nfp_", "nfc_", "nfo_", "nfu_"));
        r.add(token("vercel_token", "vc[pkai]_[A-Za-z0-9]{40,}", "vcp_", "vck_", "vca_", "vci_"));
        r.add(token("render_api_key", "rnd_[A-Za-z0-9]{32}", "rnd_"));
    }

    private static void aiProviders(List<PatternRule> r) {
        r.add(token("anthropic_api_key", "sk-ant-[" + URLSAFE + "]{20,}", "sk-ant-"));
        r.add(token("openai_api_key", "sk-(?:proj|svcacct|admin)-[" + URLSAFE + "]{20,}", "sk-proj-", "sk-svcacct-",
                "sk-admin-"));
        r.add(token("openai_api_key", "sk-[" + URLSAFE + "]{20,}", v -> SecretValues.digits(v) >= 2, false, "sk-"));
        r.add(token("huggingface_token", "(?:hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,})", "hf_", "api_org_"));
        r.add(token("groq_api_key", "gsk_[A-Za-z0-9]{48,}", "gsk_"));
        r.add(token("perplexity_api_key", "pplx-[A-Za-z0-9]{40,}", "pplx-"));
        r.add(token("xai_api_key", "xai-[A-Za-z0-9]{60,}", "xai-"));
        r.add(token("replicate_token", "r8_[A-Za-z0-9]{37}", "r8_"));
        r.add(token("langsmith_api_key", "lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}", "lsv2_"));
        r.add(token("pinecone_api_key", "pcsk_[A-Za-z0-9_]{50,}", "pcsk_"));
        r.add(token("elevenlabs_api_key", "sk_[a-f0-9]{48}", "sk_"));
    }

    private static void messaging(List<PatternRule> r) {
        r.add(token("slack_token", "xox[abposrce]-[A-Za-z0-9-]{10,}", "xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-",
                "xoxr-", "xoxc-", "xoxe-"));
        r.add(token("slack_token", "xoxe\\.xox[bp]-\\d-[A-Za-z0-9-]{100,}", "xoxe."));
        r.add(token("slack_app_token", "xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]+", "xapp-"));
        r.add(token("slack_webhook", "https://hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}",
                "https://hooks.slack.com/"));
        r.add(token("discord_webhook", "https://(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/\\d+/["
                + URLSAFE + "]{40,}", "https://discord", "https://ptb.discord", "https://canary.discord"));
        r.add(token("teams_webhook", "https://[A-Za-z0-9.-]*(?:webhook\\.office\\.com|outlook\\.office\\.com)/webhook"
                + "b?2?/[^\\s\"'<>]{20,}", "https://"));
        r.add(token("telegram_bot_token", "(?:(?<=/bot)|" + NB + ")\\d{8,10}:AA[" + URLSAFE + "]{33}" + NA, any(), true, ":AA"));
        r.add(token("twilio_api_key", "SK[0-9a-fA-F]{32}", "SK"));
        r.add(token("sendgrid_api_key", "SG\\.[" + URLSAFE + "]{16,32}\\.[" + URLSAFE + "]{16,64}", "SG."));
        r.add(token("sendinblue_api_key", "(?:xkeysib|xsmtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}", "xkeysib-",
                "xsmtpsib-"));
        r.add(token("mailgun_api_key", "key-[0-9a-z]{32}", "key-"));
        r.add(token("mailchimp_api_key", NB + "[0-9a-f]{32}-us\\d{1,2}" + NA, any(), true, "-us"));
        r.add(token("intercom_token", "dG9rOj[A-Za-z0-9+/]{40,}={0,2}", "dG9rOj"));
    }

    private static void payments(List<PatternRule> r) {
        r.add(token("stripe_key", "(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{16,}", "sk_live_", "sk_test_",
                "rk_live_", "rk_test_", "sk_prod_", "rk_prod_"));
        r.add(token("stripe_webhook_secret", "whsec_[A-Za-z0-9+/=]{24,}", "whsec_"));
        r.add(token("square_token", "(?:sq0atp-[" + URLSAFE + "]{22}|sq0csp-[" + URLSAFE + "]{43}|EAAA["
                + URLSAFE + "]{60})", "sq0atp-", "sq0csp-", "EAAA"));
        r.add(token("facebook_access_token", "EAA[B-Za-z0-9][A-Za-z0-9]{80,}", "EAA"));
        r.add(token("shopify_token", "shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", "shpat_", "shpca_", "shppa_", "shpss_"));
        r.add(token("shippo_token", "shippo_(?:live|test)_[a-f0-9]{40}", "shippo_"));
        r.add(token("plaid_token", "access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"
                + "-[0-9a-f]{4}-[0-9a-f]{12}", "access-"));
        r.add(token("flutterwave_key", "FLW(?:SECK|PUBK)(?:_TEST)?-[a-h0-9]{32}-X", "FLWSECK", "FLWPUBK"));
        r.add(token("duffel_token", "duffel_(?:test|live)_[A-Za-z0-9_=-]{43}", "duffel_"));
        r.add(token("easypost_key", "EZ[AT]K[A-Za-z0-9]{54}", "EZAK", "EZTK"));
        r.add(token("gocardless_token", "live_[A-Za-z0-9_=-]{40}", v -> SecretValues.digits(v) > 0, false, "live_"));
        r.add(token("twitter_bearer_token", "A{22}[A-Za-z0-9%]{30,}", "AAAAAAAAAAAAAAAAAAAAAA"));
    }

    private static void devTools(List<PatternRule> r) {
        r.add(token("sentry_token", "(?:sntrys_eyJ[" + B64 + "_=-]{60,}|sntryu_[a-f0-9]{64})", "sntrys_", "sntryu_"));
        r.add(token("notion_token", "(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})", "secret_", "ntn_"));
        r.add(token("airtable_token", "pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}", "pat"));
        r.add(token("hubspot_token", "pat-(?:na|eu)\\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                "pat-na", "pat-eu"));
        r.add(token("contentful_token", "CFPAT-[" + URLSAFE + "]{43}", "CFPAT-"));
        r.add(token("typeform_token", "tfp_[A-Za-z0-9_.=-]{55,60}", "tfp_"));
        r.add(token("frameio_token", "fio-u-[A-Za-z0-9_=-]{64}", "fio-u-"));
        r.add(token("adobe_client_secret", "p8e-[A-Za-z0-9]{32}", "p8e-"));
        r.add(token("infracost_api_key", "ico-[A-Za-z0-9]{32}", "ico-"));
        r.add(token("settlemint_token", "sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}", "sm_pat_", "sm_aat_", "sm_sat_"));
        r.add(token("intra42_secret", "s-s4t2(?:ud|af)-[a-f0-9]{64}", "s-s4t2"));
        r.add(token("mapbox_secret_token", "sk\\.eyJ[" + URLSAFE + "]{50,}\\.[" + URLSAFE + "]{20,}", "sk.eyJ"));
        r.add(token("dropbox_token", "sl\\.[" + URLSAFE + "]{130,}", "sl."));
    }

    private static void saas(List<PatternRule> r) {
        // credentials in a URL's userinfo: scheme://user:pass@host, also with an empty user (redis://:pw@host); a user
        // never starts with '[', so an earlier redaction (https://[REDACTED:github_token]@host) is not read as one; a
        // URL's userinfo holds no unencoded backslash, so in a JSON-escaped log (http://localhost:3000\n@scope/pkg:dev)
        // a port before an escaped newline is not read as a password
        r.add(near("url_credentials", "://(?<=[A-Za-z0-9+.-]://)[^\\s:@/?#\"'<>\\[\\\\]*:([^\\s@/?#\"'<>\\\\]+)@", 1,
                v -> SecretValues.literal(decodePercent(v), true, false), "://"));
        // a token as the whole userinfo: https://TOKEN@host
        r.add(near("url_token", "://(?<=[A-Za-z0-9+.-]://)([A-Za-z0-9_.~+=-]{20,})@", 1,
                SecretValues::highEntropy, "://"));
        r.add(near("authorization", "(?i)\\b(?:proxy-)?authorization[\"']?\\s*[:=]\\s*[\"']?"
                + "(?:(?:bearer|basic|token|bot|apikey|api-key|sso-key|key|otp|negotiate)\\s+)?([^\\s\"',;]{6,})", 1,
                SecretRules::credentialLike, "authorization"));
        r.add(near("bearer_token", "(?i)\\bbearer\\s+([A-Za-z0-9._~+/-]{12,}=*)", 1, SecretRules::credentialLike,
                "bearer"));
        r.add(near("cookie", "(?i)\\b(?:set-)?cookie\\s*:\\s*(?:[^=;\\s]+=[^;\\s]{0,15};\\s*)*[^=;\\s]+=([^;\\s]{16,})",
                1, SecretValues::highEntropy, "cookie"));
    }

    private static void commandLines(List<PatternRule> r) {
        String upto = "[^\\n;|&]*?";
        r.add(near("cli_password", "\\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\\b"
                + upto + "\\s-p(?!\\s)" + ARG, 1, SecretRules::cliValue, "mysql", "mariadb"));
        r.add(near("cli_password", "\\bsshpass\\b" + upto + "\\s-p\\s*" + ARG, 1, SecretRules::cliValue, "sshpass"));
        r.add(near("cli_password", "\\bredis-cli\\b" + upto + "\\s-a\\s+" + ARG, 1, SecretRules::cliValue,
                "redis-cli"));
        r.add(near("cli_password", "\\b(?:sqlcmd|bcp|osql)\\b" + upto + "\\s-P\\s*" + ARG, 1, SecretRules::cliValue,
                "sqlcmd", "bcp", "osql"));
        r.add(near("cli_password", "\\bldap[a-z]*\\b" + upto + "\\s-w\\s+" + ARG, 1, SecretRules::cliValue, "ldap"));
        r.add(near("cli_password", "\\b(?:docker|podman|helm|buildah|skopeo|oras|crane|nerdctl|az)\\b" + upto
                + "\\blogin\\b" + upto + "\\s-p\\s+" + ARG, 1, SecretRules::cliValue, "login"));
        r.add(near("cli_password", "\\s-pass(?:in|out)?\\s+(?:pass|env|file):?" + ARG, 1, SecretRules::cliValue,
                "-pass"));
        r.add(near("cli_password", "\\bsmbclient\\b" + upto + "\\s-U\\s*[^\\s%]+%" + ARG, 1, SecretRules::cliValue,
                "smbclient"));
        // kubectl create secret generic NAME --from-literal=KEY=VALUE: every value is a secret, whatever the key
        r.add(near(SecretManifests.RULE, "--from-literal[= ][\"']?[^=\\s\"']+=" + ARG, 1, SecretRules::cliValue,
                "--from-literal"));
        // ~/.netrc and _netrc: machine HOST login USER password PASS, on one line or over several
        r.add(near("netrc_password", "(?:\\bmachine\\s+\\S+|\\bdefault)(?:\\s+(?:login|account)\\s+\\S+)*\\s+password\\s+"
                + "(\\S+)", 1, SecretRules::cliValue, "machine"));
        r.add(near("netrc_password", "(?m)^[ \\t]*login\\s+\\S+[ \\t]*\\r?\\n[ \\t]*password\\s+(\\S+)", 1, SecretRules::cliValue,
                "login"));
        // ~/.pgpass: host:port:database:user:password, one a line (the default port or any port)
        r.add(near("pgpass_password", "(?m)^[A-Za-z0-9_.*\\[\\]-]+:(?:5432|\\*):[^:\\s]+:[^:\\s]+:(\\S{4,})$", 1,
                SecretRules::cliValue, ":5432:", ":*:"));
        // curl -u user:pass, --user, httpie -a/--auth, proxy users
        r.add(near("cli_basic_auth", "\\b(?:curl|wget|http|https|xh|httpie)\\b" + upto
                + "\\s(?:-u|--user|-a|--auth|-U|--proxy-user)(?:\\s+|=)?[\"']?[^\\s:\"']*:([^\\s\"']+)", 1,
                SecretRules::cliValue, "curl", "wget", "http ", "https ", "xh "));
    }

    // ---- builders and predicates -------------------------------------------------------------------------------

    private static PatternRule token(String name, String regex, String... prefixes) {
        return token(name, regex, any(), false, prefixes);
    }

    /**
     * A provider format. Anchored at its prefixes unless {@code inner}: then the hint sits inside the match (a
     * suffix or a separator) and the pattern searches the lines around it.
     */
    private static PatternRule token(String name, String regex, Predicate<String> accept, boolean inner,
            String... hints) {
        Pattern p = Pattern.compile(regex);
        List<String> h = inner ? List.of(hints).stream().map(SecretRules::lower).toList() : List.of(hints);
        return new PatternRule(name, SecretScanner.Tier.DEFINITE, p, 0, h, !inner, accept);
    }

    private static PatternRule candidate(PatternRule r) {
        return new PatternRule(r.name(), SecretScanner.Tier.CANDIDATE, r.pattern(), r.group(), r.hints(), r.anchored(),
                r.accept());
    }

    private static PatternRule near(String name, String regex, int group, String... hints) {
        return near(name, regex, group, any(), hints);
    }

    private static PatternRule near(String name, String regex, int group, Predicate<String> accept,
            String... hints) {
        return new PatternRule(name, SecretScanner.Tier.DEFINITE, Pattern.compile(regex), group, List.of(hints), false,
                accept);
    }

    private static Predicate<String> any() {
        return v -> true;
    }

    private static String lower(String s) {
        return s.toLowerCase(java.util.Locale.ROOT);
    }

    /** A credential after a scheme word: not a reference, and not an ordinary word. */
    private static boolean credentialLike(String v) {
        return !SecretValues.reference(v) && !SecretValues.placeholder(v)
                && (SecretValues.hasDigit(v) || v.length() >= 20);
    }

    private static boolean cliValue(String v) {
        return SecretValues.literal(v, true, false);
    }

    private static String decodePercent(String v) {
        return v.indexOf('%') < 0 ? v : v.replace("%40", "@").replace("%3A", ":").replace("%2F", "/");
    }
}

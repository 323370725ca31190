package dev.recall.embeddings;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a host is this machine, the one check every outbound endpoint (embeddings, extraction) makes before it
 * allows plain http or skips the proxy.
 */
public final class Loopback {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private Loopback() {}

    /**
     * True for localhost, 127.0.0.0/8 and ::1, decided from the text alone: resolving a name
     * would ask DNS, whose answer an attacker may control.
     */
    public static boolean host(String host) {
        if (host == null) {
            return false;
        }
        String h = host;
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        Matcher ipv4 = IPV4.matcher(h);
        if (ipv4.matches()) {
            for (int group = 1; group <= 4; group++) {
                if (Integer.parseInt(ipv4.group(group)) > 255) {
                    return false;
                }
            }
            return Integer.parseInt(ipv4.group(1)) == 127;
        }
        if (h.indexOf(':') >= 0) {
            try {
                // A string with a colon is only ever parsed as an IPv6 literal, never looked up.
                return InetAddress.getByName(h).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return false;
    }
}

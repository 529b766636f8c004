package dev.graphiti.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A user and a password written as a pair with a slash in a sentence about logging in: "log in to the router
 * with admin / dragoncookie", "Default login: root / toor2", "credentials are deploy/Hunter22!". No secret noun
 * says which word is the password, so three things must hold together: a login word (log in, login, sign in,
 * credentials) a few words before; a linking word right before the pair ("with", "as", "is", "are", or a
 * colon); and a user name before the slash: a default account such as admin or root, whose password may be
 * an ordinary word, or any lower-case user name or e-mail address, whose password must then look chosen
 * (a digit, a symbol or an inner capital); written without blanks ("deploy/Hunter22!") only a default account
 * or an e-mail address counts, since a name, a slash and a name is as often a path. An ordinary word must also end the phrase ("... and reboot it",
 * "... until we change it."), so "log in to the admin / settings page" and "open admin / users" stay.
 */
final class LoginPairDetector implements Detector {

    private static final List<String> CUES = List.of("log in", "logged in", "logging in", "login", "log on", "logon",
            "sign in", "signed in", "signing in", "signin", "sign-in", "credential", "creds");
    private static final Set<String> LINKS = Set.of("with", "as", "using", "use", "is", "are", "was", "were", "be");
    /** Accounts that exist by default on routers, databases, images and appliances. */
    private static final Set<String> DEFAULT_ACCOUNTS = Set.of("admin", "administrator", "root", "user", "guest",
            "test", "demo", "sa", "postgres", "mysql", "oracle", "elastic", "kibana", "ubuntu", "pi", "centos",
            "ec2-user", "vagrant", "deploy", "jenkins", "git", "ftp", "anonymous", "operator", "manager", "support",
            "sysadmin", "superuser", "tomcat", "nagios", "grafana", "rabbitmq", "minio", "docker");
    private static final Pattern USER_NAME =
            Pattern.compile("[a-z][a-z0-9._-]{0,31}+|[A-Za-z0-9._%+-]{1,64}+@[A-Za-z0-9.-]{1,253}+");
    private static final int WINDOW = 10;

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        Occurrences cues = new Occurrences(lowerCase, CUES);
        int floor = 0;
        for (int at = cues.next(0); at >= 0; at = cues.next(Math.max(at + 1, floor))) {
            if (at > 0 && Character.isLetterOrDigit(lowerCase.charAt(at - 1))) {
                continue;
            }
            int end = at;
            while (end < text.length() && (Character.isLetter(lowerCase.charAt(end)) || lowerCase.charAt(end) == '-')
                    && end - at < 16) {
                end++; // the cue's word with its inflection: "logging", "credentials", "sign-in"
            }
            Finding found = pairAfter(Words.forward(text, end, WINDOW));
            if (found != null) {
                findings.accept(found);
                floor = found.end();
            }
        }
    }

    private static Finding pairAfter(Words words) {
        for (int j = 0; j < words.count(); j++) {
            String word = words.word(j);
            Finding found;
            if (word.equals("/")) {
                found = j >= 1 && j + 1 < words.count() && linked(words, j - 1) ? pair(words, j - 1, j + 1) : null;
            } else {
                found = linked(words, j) ? glued(words, j) : null;
            }
            if (found != null) {
                return found;
            }
            if (endsSentence(word)) {
                return null;
            }
        }
        return null;
    }

    /** Word {@code i} is linked to the login word: right after "login:" or after "with", "as", "is", ... */
    private static boolean linked(Words words, int i) {
        if (i == 0) {
            return words.attachedLink(-1);
        }
        return words.attachedLink(i - 1) || LINKS.contains(words.lower(i - 1));
    }

    /** "admin / password": the user, a lone slash, the password. */
    private static Finding pair(Words words, int user, int password) {
        String name = words.trimmed(user);
        return isUserName(name) ? judge(name, words.trimmed(password), words.trimmedStart(password),
                words.endsPhrase(password)) : null;
    }

    /** "admin/password" written as one word. */
    private static Finding glued(Words words, int i) {
        String pair = words.trimmed(i);
        int slash = pair.indexOf('/');
        if (slash <= 0 || slash != pair.lastIndexOf('/') || slash == pair.length() - 1) {
            return null;
        }
        // Written together, any other name and a slash is as often a path ("kv/staging-app1", "ops/deploy2").
        String name = pair.substring(0, slash);
        return DEFAULT_ACCOUNTS.contains(name) || name.indexOf('@') > 0 ? judge(name, pair.substring(slash + 1),
                words.trimmedStart(i) + slash + 1, words.endsPhrase(i)) : null;
    }

    private static Finding judge(String user, String password, int start, boolean phraseEnds) {
        boolean defaultAccount = DEFAULT_ACCOUNTS.contains(user);
        // Two accounts ("admin / operator") name a choice of user, not a credential.
        if (DEFAULT_ACCOUNTS.contains(password.toLowerCase(Locale.ROOT)) || password.equals(user)
                || StandIns.isStandIn(password) || password.startsWith("[REDACTED:")) {
            return null;
        }
        boolean chosen = ProseSecretDetector.isPassword(password, false);
        boolean ordinary = defaultAccount && phraseEnds && ProseSecretDetector.isPassword(password, true, true);
        return chosen || ordinary ? new Finding(start, start + password.length(), SecretKind.SECRET_ASSIGNMENT) : null;
    }

    /** A default account, a lower-case login name ({@code ada}, {@code ci-bot}, {@code j.smith}) or an e-mail address. */
    private static boolean isUserName(String user) {
        return DEFAULT_ACCOUNTS.contains(user) || USER_NAME.matcher(user).matches();
    }

    private static boolean endsSentence(String word) {
        char last = word.charAt(word.length() - 1);
        return last == '.' || last == '!' || last == '?' || last == ';';
    }
}

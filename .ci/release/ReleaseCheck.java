import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a release rehearsal: the artifacts a release would send to Maven Central, deployed into a
 * local folder in repository layout, against what Central accepts and what this project promises.
 *
 * <pre>
 * java ReleaseCheck.java check REACTOR_DIR REPOSITORY_DIR
 * java ReleaseCheck.java self-test FIXTURES_DIR LICENSE_FILE
 * </pre>
 *
 * <p>{@code check} reads the reactor's root pom (its modules, and the artifacts its release
 * profile excludes from Central) and its LICENSE, then requires of the repository folder:
 * <ul>
 *   <li>exactly the published artifacts: the root pom and every module not excluded from Central,
 *       all at one version;</li>
 *   <li>per artifact a POM, and for jar packaging the jar, sources jar and javadoc jar;</li>
 *   <li>per POM a name and description of its own, and (own or inherited from a parent in the
 *       repository, with Maven's rule of appending the artifact id unless the parent says not to)
 *       the URL, licence, developers and SCM (URL, connection, developer connection), the URLs
 *       equal to the root's;</li>
 *   <li>dependencies (outside test scope) on the project's own artifacts only to published ones; a BOM ({@code *-bom})
 *       that manages exactly the published jar artifacts at the release's version;</li>
 *   <li>in every jar (sources, javadoc and classifier jars too, and the jars inside zip and tar.gz
 *       archives) a {@code META-INF/LICENSE} equal to the reactor's, no stray file, and a
 *       {@code META-INF/NOTICE} when it bundles classes outside the project's group; javadoc pages
 *       that name the licence and never say "All rights reserved"; a LICENSE and a NOTICE at the
 *       top of every archive.</li>
 * </ul>
 * Prints every problem and exits 1 when there is one.
 *
 * <p>{@code self-test} builds a small valid repository from the fixtures, checks that it passes,
 * then breaks it one way at a time (a missing javadoc or sources jar, POMs without a required
 * element or with appended URLs, a jar without LICENSE or with a stray file, a BOM that misses a
 * module, ...) and checks that each is reported.
 */
public final class ReleaseCheck {
    private static final Pattern SNAPSHOT_BUILD = Pattern.compile("\\d{8}\\.\\d{6}-(\\d+)");

    private final Path reactor;
    private final Path repository;
    private final List<String> problems = new ArrayList<>();
    private int filesChecked;
    private byte[] license;
    private String groupId;
    private String groupPath;

    private ReleaseCheck(Path reactor, Path repository) {
        this.reactor = reactor;
        this.repository = repository;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("check")) {
            ReleaseCheck check = new ReleaseCheck(Path.of(args[1]), Path.of(args[2]));
            check.run();
            check.problems.forEach(p -> System.out.println("FAIL " + p));
            System.out.printf("release check: %d files checked, %d problems%n", check.filesChecked,
                    check.problems.size());
            System.exit(check.problems.isEmpty() ? 0 : 1);
        } else if (args.length == 3 && args[0].equals("self-test")) {
            System.exit(selfTest(Path.of(args[1]), Path.of(args[2])) ? 0 : 1);
        } else {
            System.err.println("usage: java ReleaseCheck.java check REACTOR_DIR REPOSITORY_DIR\n"
                    + "       java ReleaseCheck.java self-test FIXTURES_DIR LICENSE_FILE");
            System.exit(2);
        }
    }

    // ---------------------------------------------------------------- the check

    /** One artifact in the repository: its POM and other files by "classifier.extension". */
    private record Artifact(String artifactId, String version, Path pom, Map<String, Path> files) {}

    private void run() throws IOException {
        license = Files.readAllBytes(reactor.resolve("LICENSE"));
        Element root = parse(Files.readAllBytes(reactor.resolve("pom.xml")), "reactor pom.xml");
        groupId = text(root, "groupId");
        groupPath = groupId.replace('.', '/') + "/";
        Set<String> expected = expectedArtifacts(root);

        Path groupDir = repository.resolve(groupId.replace('.', '/'));
        if (!Files.isDirectory(groupDir)) {
            problems.add("no artifact of group " + groupId + " in " + repository);
            return;
        }
        Map<String, Artifact> artifacts = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(groupDir)) {
            for (Path dir : dirs.sorted().toList()) {
                if (Files.isDirectory(dir)) {
                    readArtifact(dir).ifPresent(a -> artifacts.put(a.artifactId(), a));
                }
            }
        }
        for (String id : expected) {
            if (!artifacts.containsKey(id)) {
                problems.add(id + ": not deployed, but the release profile publishes it");
            }
        }
        for (String id : artifacts.keySet()) {
            if (!expected.contains(id)) {
                problems.add(id + ": deployed, but the release profile excludes it from Central (deploy and"
                        + " Central must agree)");
            }
        }
        Set<String> versions = new TreeSet<>();
        artifacts.values().forEach(a -> versions.add(a.version()));
        if (versions.size() > 1) {
            problems.add("artifacts are at several versions: " + versions);
        }

        Map<String, Element> poms = new LinkedHashMap<>();
        for (Artifact a : artifacts.values()) {
            poms.put(a.artifactId(), parse(Files.readAllBytes(a.pom()), a.artifactId() + " POM"));
            filesChecked++;
        }
        Set<String> publishedJars = new TreeSet<>();
        for (Artifact a : artifacts.values()) {
            if (packaging(poms.get(a.artifactId())).equals("jar")) {
                publishedJars.add(a.artifactId());
            }
        }
        Element rootPom = poms.get(text(root, "artifactId"));
        for (Artifact a : artifacts.values()) {
            Element pom = poms.get(a.artifactId());
            checkPom(a, pom, poms, rootPom, artifacts.keySet());
            if (a.artifactId().endsWith("-bom")) {
                checkBom(a, pom, publishedJars);
            }
            checkFiles(a, packaging(pom));
        }
    }

    /** The root artifact and the modules, less those the release profile keeps from Central. */
    private Set<String> expectedArtifacts(Element root) throws IOException {
        Set<String> ids = new TreeSet<>();
        ids.add(text(root, "artifactId"));
        for (Element module : children(child(root, "modules"), "module")) {
            Path pom = reactor.resolve(module.getTextContent().trim()).resolve("pom.xml");
            ids.add(text(parse(Files.readAllBytes(pom), pom.toString()), "artifactId"));
        }
        for (Element profile : children(child(root, "profiles"), "profile")) {
            if (!"release".equals(text(profile, "id"))) {
                continue;
            }
            for (Element plugin : children(child(child(profile, "build"), "plugins"), "plugin")) {
                Element excludes = child(child(plugin, "configuration"), "excludeArtifacts");
                for (Element excluded : children(excludes, "artifact")) {
                    ids.remove(excluded.getTextContent().trim());
                }
            }
        }
        return ids;
    }

    /** Reads one artifact folder; a snapshot's files carry timestamps, the newest build counts. */
    private Optional<Artifact> readArtifact(Path dir) throws IOException {
        String artifactId = dir.getFileName().toString();
        List<Path> versionDirs;
        try (Stream<Path> list = Files.list(dir)) {
            versionDirs = list.filter(Files::isDirectory).sorted().toList();
        }
        if (versionDirs.size() != 1) {
            problems.add(artifactId + ": expected one version folder, found " + versionDirs.size());
            return Optional.empty();
        }
        Path versionDir = versionDirs.get(0);
        String version = versionDir.getFileName().toString();
        String prefix = artifactId + "-";
        String base = version.endsWith("-SNAPSHOT") ? version.substring(0, version.length() - 9) : version;
        Map<String, Path> files = new TreeMap<>();
        Map<String, Integer> builds = new TreeMap<>();
        List<Path> entries;
        try (Stream<Path> list = Files.list(versionDir)) {
            entries = list.sorted().toList();
        }
        for (Path file : entries) {
            String name = file.getFileName().toString();
            if (!name.startsWith(prefix) || name.endsWith(".md5") || name.endsWith(".sha1")
                    || name.endsWith(".sha256") || name.endsWith(".sha512") || name.endsWith(".asc")) {
                continue;
            }
            String rest = name.substring(prefix.length());
            int build = 0;
            if (rest.startsWith(version)) {
                rest = rest.substring(version.length());
            } else if (!version.equals(base) && rest.startsWith(base + "-")) {
                Matcher m = SNAPSHOT_BUILD.matcher(rest.substring(base.length() + 1));
                if (!m.lookingAt()) {
                    continue;
                }
                build = Integer.parseInt(m.group(1));
                rest = rest.substring(base.length() + 1 + m.end());
            } else {
                continue;
            }
            String key = rest.startsWith("-") ? rest.substring(1) : rest.startsWith(".") ? rest.substring(1) : null;
            if (key == null) {
                continue;
            }
            // "sources.jar", "jar", "pom", "all.jar", "tar.gz": classifier (if any) and extension
            String normalized = rest.startsWith("-") ? key : "." + key;
            if (builds.getOrDefault(normalized, -1) < build) {
                builds.put(normalized, build);
                files.put(normalized, file);
            }
        }
        Path pom = files.remove(".pom");
        if (pom == null) {
            problems.add(artifactId + " " + version + ": no POM");
            return Optional.empty();
        }
        return Optional.of(new Artifact(artifactId, version, pom, files));
    }

    private void checkPom(Artifact a, Element pom, Map<String, Element> poms, Element rootPom, Set<String> published) {
        String id = a.artifactId();
        for (String own : List.of("name", "description")) {
            if (text(pom, own).isEmpty()) {
                problems.add(id + " POM: no <" + own + ">");
            }
        }
        String url = effective(pom, poms, "url", null);
        String rootUrl = rootPom == null ? null : text(rootPom, "url");
        requireUrl(id, "<url>", url, rootUrl);
        if (effectiveList(pom, poms, "licenses", "license").stream()
                .noneMatch(l -> !text(l, "name").isEmpty() && !text(l, "url").isEmpty())) {
            problems.add(id + " POM: no <licenses> with a licence's name and url (own or inherited)");
        }
        if (effectiveList(pom, poms, "developers", "developer").stream()
                .noneMatch(d -> !text(d, "name").isEmpty() || !text(d, "id").isEmpty())) {
            problems.add(id + " POM: no <developers> with a developer's id or name (own or inherited)");
        }
        for (String field : List.of("url", "connection", "developerConnection")) {
            String value = effective(pom, poms, "scm", field);
            String rootValue = rootPom == null ? null : text(child(rootPom, "scm"), field);
            requireUrl(id, "<scm><" + field + ">", value, rootValue);
        }
        // (dependency management may name unpublished modules: it resolves nothing by itself)
        for (Element dep : children(child(pom, "dependencies"), "dependency")) {
            String dependencyId = text(dep, "artifactId");
            if (groupId.equals(text(dep, "groupId")) && !"test".equals(text(dep, "scope"))
                    && !published.contains(dependencyId)) {
                problems.add(id + " POM: depends on " + dependencyId + ", which is not published");
            }
        }
    }

    private void requireUrl(String id, String what, String value, String rootValue) {
        if (value == null || value.isEmpty()) {
            problems.add(id + " POM: no " + what + " (own or inherited)");
        } else if (rootValue != null && !rootValue.isEmpty() && !value.equals(rootValue)) {
            problems.add(id + " POM: " + what + " is " + value + ", not the project's " + rootValue
                    + (value.startsWith(rootValue + "/") ? " (the artifact id was appended on inheritance)" : ""));
        }
    }

    /**
     * The value a consumer's Maven computes: the POM's own, or the parent's with "/artifactId"
     * appended unless the parent's {@code child.*.inherit.append.path} attribute says "false".
     */
    private String effective(Element pom, Map<String, Element> poms, String element, String scmField) {
        Element holder = scmField == null ? pom : child(pom, element);
        String own = holder == null ? "" : text(holder, scmField == null ? element : scmField);
        if (!own.isEmpty()) {
            return own;
        }
        Element parent = parentOf(pom, poms);
        if (parent == null) {
            return null;
        }
        String inherited = effective(parent, poms, element, scmField);
        if (inherited == null) {
            return null;
        }
        String flag = scmField == null ? parent.getAttribute("child.project.url.inherit.append.path")
                : Optional.ofNullable(child(parent, "scm"))
                        .map(s -> s.getAttribute("child.scm." + scmField + ".inherit.append.path")).orElse("");
        return "false".equals(flag) ? inherited : inherited + "/" + text(pom, "artifactId");
    }

    private List<Element> effectiveList(Element pom, Map<String, Element> poms, String list, String item) {
        List<Element> own = children(child(pom, list), item);
        if (!own.isEmpty()) {
            return own;
        }
        Element parent = parentOf(pom, poms);
        return parent == null ? List.of() : effectiveList(parent, poms, list, item);
    }

    private Element parentOf(Element pom, Map<String, Element> poms) {
        Element parent = child(pom, "parent");
        return parent == null ? null : poms.get(text(parent, "artifactId"));
    }

    private void checkBom(Artifact a, Element pom, Set<String> publishedJars) {
        Set<String> managed = new TreeSet<>();
        for (Element dep : children(child(child(pom, "dependencyManagement"), "dependencies"), "dependency")) {
            if (!groupId.equals(text(dep, "groupId"))) {
                problems.add(a.artifactId() + ": manages " + text(dep, "groupId") + ":" + text(dep, "artifactId")
                        + ", which is not the project's");
                continue;
            }
            managed.add(text(dep, "artifactId"));
            String v = text(dep, "version");
            if (!v.equals("${project.version}") && !v.equals(a.version())) {
                problems.add(a.artifactId() + ": manages " + text(dep, "artifactId") + " at " + v + ", not "
                        + a.version());
            }
        }
        if (!managed.equals(publishedJars)) {
            Set<String> missing = new TreeSet<>(publishedJars);
            missing.removeAll(managed);
            Set<String> extra = new TreeSet<>(managed);
            extra.removeAll(publishedJars);
            problems.add(a.artifactId() + ": manages " + managed + " but the published jars are " + publishedJars
                    + (missing.isEmpty() ? "" : "; missing " + missing) + (extra.isEmpty() ? "" : "; not published "
                    + extra));
        }
    }

    private void checkFiles(Artifact a, String packaging) throws IOException {
        String id = a.artifactId();
        if (packaging.equals("jar")) {
            for (String required : List.of(".jar", "sources.jar", "javadoc.jar")) {
                if (!a.files().containsKey(required)) {
                    String what = required.equals(".jar") ? "jar" : required.replace(".jar", " jar");
                    problems.add(id + " " + a.version() + ": no " + what + " (Central rejects the upload)");
                }
            }
        }
        for (Map.Entry<String, Path> file : a.files().entrySet()) {
            String label = id + " " + (file.getKey().startsWith(".") ? file.getKey().substring(1) : file.getKey());
            byte[] bytes = Files.readAllBytes(file.getValue());
            if (file.getKey().endsWith("jar")) {
                checkJar(label, bytes, file.getKey().equals("javadoc.jar") ? JarKind.JAVADOC
                        : file.getKey().equals("sources.jar") ? JarKind.SOURCES : JarKind.CLASSES);
            } else if (file.getKey().endsWith("zip")) {
                checkArchive(label, entries(bytes, false));
            } else if (file.getKey().endsWith("tar.gz")) {
                checkArchive(label, entries(bytes, true));
            }
        }
    }

    enum JarKind { CLASSES, SOURCES, JAVADOC }

    private void checkJar(String label, byte[] bytes, JarKind kind) {
        filesChecked++;
        Map<String, byte[]> entries = entries(bytes, false);
        byte[] jarLicense = entries.get("META-INF/LICENSE");
        if (jarLicense == null) {
            problems.add(label + ": no META-INF/LICENSE");
        } else if (!Arrays.equals(jarLicense, license)) {
            problems.add(label + ": META-INF/LICENSE differs from the project's LICENSE");
        }
        boolean foreignClasses = false;
        boolean sources = false;
        for (String name : entries.keySet()) {
            if (name.endsWith("/")) {
                continue;
            }
            if (name.endsWith(".java")) {
                sources = true;
            }
            if (name.endsWith(".class") && !name.startsWith(groupPath) && !name.startsWith("META-INF/")
                    && !name.equals("module-info.class")) {
                foreignClasses = true;
            }
            if (stray(name, kind)) {
                problems.add(label + ": stray file " + name);
            }
        }
        if (foreignClasses && !entries.containsKey("META-INF/NOTICE")) {
            problems.add(label + ": bundles classes outside " + groupId + " but has no META-INF/NOTICE");
        }
        if (kind == JarKind.SOURCES && !sources) {
            problems.add(label + ": no .java file");
        }
        if (kind == JarKind.JAVADOC) {
            if (!entries.containsKey("index.html")) {
                problems.add(label + ": no index.html");
            }
            // javadoc's footer ("bottom") is a paragraph of class legal-copy on every page
            int footers = 0;
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                if (!e.getKey().endsWith(".html") || e.getKey().startsWith("legal/")) {
                    continue;
                }
                String html = new String(e.getValue(), StandardCharsets.UTF_8);
                if (html.contains("All rights reserved")) {
                    problems.add(label + ": " + e.getKey() + " says \"All rights reserved\"");
                    break;
                }
                int footer = html.indexOf("class=\"legal-copy\"");
                if (footer >= 0) {
                    footers++;
                    int end = html.indexOf("</p>", footer);
                    if (!html.substring(footer, end < 0 ? html.length() : end).contains("Apache License")) {
                        problems.add(label + ": the footer of " + e.getKey() + " does not name the licence");
                        break;
                    }
                }
            }
            if (footers == 0) {
                problems.add(label + ": no page has a footer naming the licence");
            }
        }
    }

    /** Whether a jar entry is not one a published jar of this kind should carry. */
    private static boolean stray(String name, JarKind kind) {
        if (name.startsWith("META-INF/")) {
            String rest = name.substring("META-INF/".length());
            if (rest.equals("MANIFEST.MF") || rest.equals("LICENSE")) {
                return false;
            }
            if (kind == JarKind.JAVADOC) {
                return true;
            }
            return !(rest.equals("NOTICE") || rest.matches("[A-Za-z0-9.-]+-LICENSE")
                    || rest.startsWith("maven/") || rest.startsWith("services/") || rest.startsWith("versions/"));
        }
        if (kind == JarKind.JAVADOC) {
            return false;
        }
        // a file at the root: only the module descriptor
        return !name.contains("/") && !name.equals("module-info.class") && !name.equals("module-info.java");
    }

    private void checkArchive(String label, Map<String, byte[]> entries) {
        filesChecked++;
        Set<String> tops = new TreeSet<>();
        for (String name : entries.keySet()) {
            tops.add(name.contains("/") ? name.substring(0, name.indexOf('/') + 1) : "");
        }
        String top = tops.size() == 1 ? tops.iterator().next() : "";
        byte[] archiveLicense = entries.get(top + "LICENSE");
        if (archiveLicense == null) {
            problems.add(label + ": no " + top + "LICENSE");
        } else if (!Arrays.equals(archiveLicense, license)) {
            problems.add(label + ": " + top + "LICENSE differs from the project's LICENSE");
        }
        if (!entries.containsKey(top + "NOTICE")) {
            problems.add(label + ": no " + top + "NOTICE");
        }
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            if (e.getKey().endsWith(".jar")) {
                checkJar(label + " " + e.getKey(), e.getValue(), JarKind.CLASSES);
            }
        }
    }

    // ---------------------------------------------------------------- archives and XML

    private static Map<String, byte[]> entries(byte[] bytes, boolean tarGz) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try {
            if (!tarGz) {
                try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes))) {
                    for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                        entries.put(e.getName(), zip.readAllBytes());
                    }
                }
                return entries;
            }
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
                byte[] tar = in.readAllBytes();
                String longName = null;
                for (int at = 0; at + 512 <= tar.length; ) {
                    byte[] header = Arrays.copyOfRange(tar, at, at + 512);
                    if (header[0] == 0) {
                        break;
                    }
                    String name = cString(header, 0, 100);
                    String prefix = cString(header, 345, 155);
                    long size = Long.parseLong(cString(header, 124, 12).trim().isEmpty() ? "0"
                            : cString(header, 124, 12).trim(), 8);
                    char type = (char) header[156];
                    byte[] data = Arrays.copyOfRange(tar, at + 512, at + 512 + (int) size);
                    at += 512 + (int) ((size + 511) / 512 * 512);
                    if (type == 'L') {
                        longName = cString(data, 0, data.length);
                        continue;
                    }
                    if (type == 'x' || type == 'g') {
                        continue;
                    }
                    String full = longName != null ? longName : prefix.isEmpty() ? name : prefix + "/" + name;
                    longName = null;
                    if (type == '5' && !full.endsWith("/")) {
                        full += "/";
                    }
                    entries.put(full, data);
                }
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String cString(byte[] b, int from, int length) {
        int end = from;
        while (end < from + length && end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, from, end - from, StandardCharsets.UTF_8);
    }

    private static Element parse(byte[] xml, String what) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(false);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
            return doc.getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException(what + " is not readable XML: " + e.getMessage(), e);
        }
    }

    private static String packaging(Element pom) {
        String p = text(pom, "packaging");
        return p.isEmpty() ? "jar" : p;
    }

    /** The direct child element with that name, or null (also for a null parent). */
    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> list = new ArrayList<>();
        if (parent != null) {
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals(name)) {
                    list.add(e);
                }
            }
        }
        return list;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().trim();
    }

    // ---------------------------------------------------------------- self-test

    /** A way to break the good repository, and the words its report must contain. */
    private record Breakage(String what, Consumer<Path> apply, String expected) {}

    private static boolean selfTest(Path fixtures, Path licenseFile) throws IOException {
        byte[] licenseBytes = Files.readAllBytes(licenseFile);
        Path good = fixtures.resolve("good");
        Path broken = fixtures.resolve("broken");
        String lib = "com/example/demo/demo-lib/1.0.0/demo-lib-1.0.0";
        String parent = "com/example/demo/demo-parent/1.0.0/demo-parent-1.0.0";
        String tool = "com/example/demo/demo-tool/1.0.0/demo-tool-1.0.0";
        String bom = "com/example/demo/demo-bom/1.0.0/demo-bom-1.0.0";
        List<Breakage> cases = List.of(
                new Breakage("javadoc jar missing", repo -> delete(repo.resolve(lib + "-javadoc.jar")),
                        "demo-lib 1.0.0: no javadoc jar"),
                new Breakage("sources jar missing", repo -> delete(repo.resolve(lib + "-sources.jar")),
                        "demo-lib 1.0.0: no sources jar"),
                new Breakage("POM without developers", repo -> copy(broken.resolve("parent-without-developers.pom"),
                        repo.resolve(parent + ".pom")), "demo-lib POM: no <developers>"),
                new Breakage("POM without licence", repo -> copy(broken.resolve("parent-without-licence.pom"),
                        repo.resolve(parent + ".pom")), "demo-lib POM: no <licenses>"),
                new Breakage("POM without description", repo -> copy(broken.resolve("lib-without-description.pom"),
                        repo.resolve(lib + ".pom")), "demo-lib POM: no <description>"),
                new Breakage("POM without SCM", repo -> copy(broken.resolve("parent-without-scm.pom"),
                        repo.resolve(parent + ".pom")), "demo-lib POM: no <scm><url>"),
                new Breakage("parent whose URLs get the artifact id appended", repo -> copy(
                        broken.resolve("parent-appending-urls.pom"), repo.resolve(parent + ".pom")),
                        "demo-lib POM: <url> is https://example.com/demo/demo-lib, not the project's"
                                + " https://example.com/demo (the artifact id was appended on inheritance)"),
                new Breakage("SCM connection appended", repo -> copy(broken.resolve("parent-appending-urls.pom"),
                        repo.resolve(parent + ".pom")), "demo-lib POM: <scm><connection> is"),
                new Breakage("jar without LICENSE", repo -> writeJar(repo.resolve(lib + ".jar"), Map.of(
                        "com/example/demo/Lib.class", new byte[] {1})), "demo-lib jar: no META-INF/LICENSE"),
                new Breakage("sources jar with another licence text", repo -> writeJar(repo.resolve(lib + "-sources.jar"),
                        Map.of("META-INF/LICENSE", "MIT".getBytes(StandardCharsets.UTF_8),
                                "com/example/demo/Lib.java", new byte[] {1})),
                        "demo-lib sources.jar: META-INF/LICENSE differs"),
                new Breakage("stray file in a jar", repo -> writeJar(repo.resolve(lib + ".jar"), Map.of(
                        "META-INF/LICENSE", licenseBytes, "META-INF/jpms.args", new byte[] {1},
                        "com/example/demo/Lib.class", new byte[] {1})), "demo-lib jar: stray file META-INF/jpms.args"),
                new Breakage("fat jar without NOTICE", repo -> writeJar(repo.resolve(tool + "-all.jar"), Map.of(
                        "META-INF/LICENSE", licenseBytes, "org/other/Thing.class", new byte[] {1})),
                        "demo-tool all.jar: bundles classes outside com.example.demo but has no META-INF/NOTICE"),
                new Breakage("javadoc footer", repo -> writeJar(repo.resolve(lib + "-javadoc.jar"), Map.of(
                        "META-INF/LICENSE", licenseBytes, "index.html",
                        "<p>Copyright 2026. All rights reserved.</p>".getBytes(StandardCharsets.UTF_8))),
                        "index.html says \"All rights reserved\""),
                new Breakage("archive without LICENSE", repo -> writeJar(repo.resolve(tool + ".zip"), Map.of(
                        "demo-1.0.0/NOTICE", new byte[] {1})), "demo-tool zip: no demo-1.0.0/LICENSE"),
                new Breakage("javadoc footer without the licence", repo -> writeJar(repo.resolve(lib + "-javadoc.jar"),
                        Map.of("META-INF/LICENSE", licenseBytes, "index.html", ("<p class=\"legal-copy\">Copyright 2026"
                                + " demo.</p>").getBytes(StandardCharsets.UTF_8))),
                        "demo-lib javadoc.jar: the footer of index.html does not name the licence"),
                new Breakage("dependency on a module that is not published", repo -> copy(
                        broken.resolve("tool-depending-on-internal.pom"), repo.resolve(tool + ".pom")),
                        "demo-tool POM: depends on demo-internal, which is not published"),
                new Breakage("BOM that misses a module", repo -> copy(broken.resolve("bom-missing-tool.pom"),
                        repo.resolve(bom + ".pom")), "missing [demo-tool]"),
                new Breakage("module published that the release profile excludes", repo -> {
                    Path dir = repo.resolve("com/example/demo/demo-internal/1.0.0");
                    try {
                        Files.createDirectories(dir);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    copy(good.resolve("internal/pom.xml"), dir.resolve("demo-internal-1.0.0.pom"));
                }, "demo-internal: deployed, but the release profile excludes it"),
                new Breakage("published module not deployed", repo -> deleteTree(repo.resolve("com/example/demo/demo-tool")),
                        "demo-tool: not deployed"));

        int passed = 0;
        int failed = 0;
        Path work = Files.createTempDirectory("release-check-self-test");
        try {
            Path reactor = work.resolve("reactor");
            copyTree(good, reactor);
            Files.write(reactor.resolve("LICENSE"), licenseBytes);

            ReleaseCheck clean = new ReleaseCheck(reactor, goodRepository(reactor, work.resolve("good-repo"), licenseBytes));
            clean.run();
            if (clean.problems.isEmpty()) {
                passed++;
                System.out.println("ok   a complete repository passes");
            } else {
                failed++;
                System.out.println("FAIL a complete repository passes: " + clean.problems);
            }
            int n = 0;
            for (Breakage b : cases) {
                Path repo = goodRepository(reactor, work.resolve("repo-" + n++), licenseBytes);
                b.apply().accept(repo);
                ReleaseCheck check = new ReleaseCheck(reactor, repo);
                check.run();
                boolean reported = check.problems.stream().anyMatch(p -> p.contains(b.expected()));
                if (reported) {
                    passed++;
                    System.out.println("ok   " + b.what() + " is reported");
                } else {
                    failed++;
                    System.out.println("FAIL " + b.what() + " is not reported as \"" + b.expected() + "\"; got "
                            + check.problems);
                }
            }
        } finally {
            deleteTree(work);
        }
        System.out.printf("ReleaseCheck: %d passed, %d failed%n", passed, failed);
        return failed == 0;
    }

    /** Deploys the fixture reactor as a release would: POMs and the jars and archives of each module. */
    private static Path goodRepository(Path reactor, Path repo, byte[] licenseBytes) throws IOException {
        byte[] notice = "demo tool bundles other".getBytes(StandardCharsets.UTF_8);
        byte[] page = "<p class=\"legal-copy\">Licensed under the Apache License, Version 2.0.</p>"
                .getBytes(StandardCharsets.UTF_8);
        String g = "com/example/demo/";
        deployPom(reactor.resolve("pom.xml"), repo.resolve(g + "demo-parent/1.0.0/demo-parent-1.0.0.pom"));
        deployPom(reactor.resolve("bom/pom.xml"), repo.resolve(g + "demo-bom/1.0.0/demo-bom-1.0.0.pom"));
        for (String module : List.of("lib", "tool")) {
            String base = g + "demo-" + module + "/1.0.0/demo-" + module + "-1.0.0";
            deployPom(reactor.resolve(module + "/pom.xml"), repo.resolve(base + ".pom"));
            writeJar(repo.resolve(base + ".jar"), Map.of("META-INF/LICENSE", licenseBytes,
                    "META-INF/MANIFEST.MF", new byte[] {1}, "module-info.class", new byte[] {1},
                    "com/example/demo/" + module + "/Main.class", new byte[] {1}));
            writeJar(repo.resolve(base + "-sources.jar"), Map.of("META-INF/LICENSE", licenseBytes,
                    "com/example/demo/" + module + "/Main.java", new byte[] {1}));
            writeJar(repo.resolve(base + "-javadoc.jar"), Map.of("META-INF/LICENSE", licenseBytes,
                    "index.html", page, "legal/jquery.md", new byte[] {1}));
        }
        String tool = g + "demo-tool/1.0.0/demo-tool-1.0.0";
        writeJar(repo.resolve(tool + "-all.jar"), Map.of("META-INF/LICENSE", licenseBytes, "META-INF/NOTICE", notice,
                "META-INF/Other-LICENSE", new byte[] {1}, "org/other/Thing.class", new byte[] {1},
                "com/example/demo/tool/Main.class", new byte[] {1}));
        ByteArrayOutputStream fat = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(fat)) {
            zip.putNextEntry(new ZipEntry("META-INF/LICENSE"));
            zip.write(licenseBytes);
            zip.putNextEntry(new ZipEntry("META-INF/NOTICE"));
            zip.write(notice);
        }
        writeJar(repo.resolve(tool + ".zip"), Map.of("demo-1.0.0/LICENSE", licenseBytes, "demo-1.0.0/NOTICE", notice,
                "demo-1.0.0/lib/demo.jar", fat.toByteArray()));
        return repo;
    }

    private static void deployPom(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
    }

    private static void writeJar(Path file, Map<String, byte[]> entries) {
        try {
            Files.createDirectories(file.getParent());
            try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
                for (Map.Entry<String, byte[]> e : new TreeMap<>(entries).entrySet()) {
                    zip.putNextEntry(new ZipEntry(e.getKey()));
                    zip.write(e.getValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) {
        try {
            Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

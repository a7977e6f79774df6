package io.github.skinmesh.gltf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.ByteBuffer;

/** {@link ResourceResolver#folder(Path)}: relative URIs inside one folder. */
final class FolderResolver implements ResourceResolver {
    /** Largest external file read: Java arrays hold at most about 2 GiB. */
    static final long MAX_FILE_BYTES = Integer.MAX_VALUE - 8;
    /** File type bits of a POSIX mode, and the types that are neither files nor directories. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFSOCK = 0140000;

    private final Path folder;

    FolderResolver(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
    }

    @Override
    public byte[] resolve(String uri) throws IOException {
        if (uri.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            throw new IOException("uri '" + uri + "' has a scheme; only relative URIs are resolved");
        }
        String path = percentDecode(uri);
        if (path.startsWith("/") || path.startsWith("\\")) {
            throw new IOException("uri '" + uri + "' is absolute; only relative URIs are resolved");
        }
        Path file;
        try {
            file = folder.resolve(path).normalize();
        } catch (InvalidPathException e) {
            throw new IOException("uri '" + uri + "' is not a valid path: " + e.getMessage(), e);
        }
        if (!file.startsWith(folder) || file.equals(folder)) {
            throw new IOException("uri '" + uri + "' leaves the folder of the document");
        }
        if (Files.exists(file) && !file.toRealPath().startsWith(folder.toRealPath())) {
            throw new IOException("uri '" + uri + "' leaves the folder of the document through a symbolic link");
        }
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class); // follows links
        if (!attributes.isRegularFile()) {
            throw new IOException("uri '" + uri + "' names " + kind(file, attributes) + ", not a regular file; only "
                    + "regular files are read");
        }
        long size = attributes.size();
        if (size > MAX_FILE_BYTES) {
            throw new IOException("uri '" + uri + "': file has " + size + " bytes, more than " + MAX_FILE_BYTES);
        }
        return Files.readAllBytes(file);
    }

    /**
     * Names what a path that is not a regular file is: opening a FIFO for reading blocks until a
     * writer comes, reading a device may never end, so such paths are refused before they are
     * opened (checked, then opened: a file swapped for a FIFO in between can still block).
     *
     * @param file the path
     * @param attributes its attributes, read following symbolic links
     * @return for example {@code "a FIFO"}, {@code "a directory"}
     */
    static String kind(Path file, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        try {
            Object mode = Files.getAttribute(file, "unix:mode");
            if (mode instanceof Integer) {
                switch ((Integer) mode & S_IFMT) {
                    case S_IFIFO:
                        return "a FIFO";
                    case S_IFCHR:
                        return "a character device";
                    case S_IFBLK:
                        return "a block device";
                    case S_IFSOCK:
                        return "a socket";
                    default:
                        break;
                }
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no unix view on this file system: say what it could be
        }
        return "a FIFO, device or socket";
    }

    /** Decodes {@code %XX} escapes as UTF-8 bytes ({@code +} stays a plus, as in URIs). */
    static String percentDecode(String uri) throws IOException {
        if (uri.indexOf('%') < 0) {
            return uri;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(uri.length());
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '%') {
                int hi = i + 2 < uri.length() ? Character.digit(uri.charAt(i + 1), 16) : -1;
                int lo = i + 2 < uri.length() ? Character.digit(uri.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw new IOException("uri '" + uri + "': malformed percent escape at index " + i);
                }
                out.write(hi * 16 + lo);
                i += 2;
            } else {
                int cp = uri.codePointAt(i);
                byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i += Character.charCount(cp) - 1;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(out.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new IOException("uri '" + uri + "': percent escapes are not UTF-8", e);
        }
    }
}

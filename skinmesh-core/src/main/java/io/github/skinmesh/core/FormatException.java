package io.github.skinmesh.core;

import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Thrown by readers when a file is malformed, truncated, inconsistent or declares more data than
 * its bytes hold. The message names the file element (for example a glTF accessor or an
 * {@code .lm} block) and the offending value.
 *
 * <p>An exception may carry its {@linkplain #source() source}, the file that was read: readers
 * that read a {@link Path} attach it, so callers (a command line, a build tool) learn which file
 * failed without parsing the message. The message then starts with the path as the caller gave it,
 * {@code "models/fox.glb: accessors[7]: count 100 ..."}, and {@link #detail()} is the part after
 * it. Readers of bytes in memory leave the source {@code null}.
 *
 * <p>The source is not serialized ({@link Path} is not {@link java.io.Serializable}); the message
 * is.
 */
public class FormatException extends SkinMeshException {
    private static final long serialVersionUID = 2L;

    private final transient @Nullable Path source;
    private final String detail;

    /**
     * Creates the exception without a source.
     *
     * @param message names the element, the rejected value and the limit
     */
    public FormatException(String message) {
        this(null, message, null);
    }

    /**
     * Creates the exception without a source, with its cause (for example an I/O error).
     *
     * @param message names the element and the problem
     * @param cause the underlying failure
     */
    public FormatException(String message, Throwable cause) {
        this(null, message, cause);
    }

    /**
     * Creates the exception with its source.
     *
     * @param source the file that was read, or {@code null} when the input was not a file
     * @param detail names the element, the rejected value and the limit, without the file
     * @param cause the underlying failure, or {@code null}
     */
    public FormatException(@Nullable Path source, String detail, @Nullable Throwable cause) {
        super(source == null ? detail : source + ": " + detail, cause);
        this.source = source;
        this.detail = detail;
    }

    /**
     * @return the file that was read, as the caller named it to the reader, or {@code null} when
     *     the input was not a file or no reader attached it
     */
    public @Nullable Path source() {
        return source;
    }

    /** @return the message without the source: the element, the value and the limit */
    public String detail() {
        return detail;
    }

    /**
     * Returns an exception that says the same about the given file: same detail, cause and stack
     * trace, with the message prefixed by {@code source}. A source already attached is replaced,
     * not repeated. This exception is not changed.
     *
     * @param source the file that was read
     * @return a new {@code FormatException} (of this class, even for a subclass)
     */
    public FormatException withSource(Path source) {
        FormatException e = new FormatException(Objects.requireNonNull(source, "source"), detail, getCause());
        e.setStackTrace(getStackTrace());
        for (Throwable s : getSuppressed()) {
            e.addSuppressed(s);
        }
        return e;
    }
}

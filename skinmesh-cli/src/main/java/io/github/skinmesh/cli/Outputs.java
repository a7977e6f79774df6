package io.github.skinmesh.cli;

import io.github.skinmesh.core.SkinMeshException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * Writes a command's outputs all together or not at all. {@link #write} puts each file under a
 * temporary name in its target folder; {@link #commit()} renames every one of them into place,
 * moving replaced files aside first so that a failure part way puts them all back. Closing without
 * a commit (an error, Ctrl-C, SIGTERM: a shutdown hook does the same) removes the temporary files.
 * So an error never leaves a half-written file, nor a new first output beside an old second one.
 * An input file is never overwritten, and a target that exists but is not a regular file (a
 * device, a FIFO, a socket) is refused, never replaced. Remembers what it committed so commands
 * can list it. Not thread-safe; one per command run.
 */
final class Outputs implements AutoCloseable {
    /** Writes the content of one output file. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Names tried for a temporary file before giving up (a clash needs the same random 64 bits). */
    private static final int PART_ATTEMPTS = 8;

    /** One file written under its temporary name, waiting for the commit. */
    private record Staged(Path target, Path absolute, Path part) {
    }

    private final List<Path> inputs;
    /** Read by the shutdown hook's thread too, hence copy-on-write. */
    private final List<Staged> staged = new CopyOnWriteArrayList<>();
    private final List<Path> written = new ArrayList<>();
    private @Nullable Thread cleanup;

    Outputs(Collection<Path> inputs) {
        this.inputs = new ArrayList<>();
        for (Path p : inputs) {
            this.inputs.add(p.toAbsolutePath().normalize());
        }
    }

    /**
     * Checks targets before any work, so that a command fails before computing its outputs.
     *
     * @throws SkinMeshException when a target is an input, an existing directory or an existing
     *     file that is not a regular file
     */
    void checkTargets(Path... targets) {
        for (Path target : targets) {
            requireWritableTarget(target, target.toAbsolutePath().normalize());
        }
    }

    private void requireWritableTarget(Path target, Path abs) {
        requireNotInput(target, abs);
        if (Files.isDirectory(abs)) {
            throw new SkinMeshException(target + ": is a directory, expected a file name");
        }
        if (Files.exists(abs) && !Files.isRegularFile(abs)) {
            throw new SkinMeshException(target + ": exists and is not a regular file (a device, FIFO or socket);"
                    + " refusing to replace it");
        }
    }

    /**
     * Writes {@code target}'s content under a temporary name beside it; {@link #commit()} puts it
     * in place.
     *
     * @return {@code target}
     * @throws SkinMeshException when the target is an input or not a regular file, is already an
     *     output of this run, or cannot be written (an I/O error, or the content's own
     *     {@link SkinMeshException}; the message names the target, and nothing of it is left then)
     */
    Path write(Path target, Content content) {
        Path abs = target.toAbsolutePath().normalize();
        requireWritableTarget(target, abs);
        for (Staged s : staged) {
            if (s.absolute().equals(abs)) {
                throw new SkinMeshException(target + ": written twice by one command");
            }
        }
        Path dir = abs.getParent();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.exists(d)) {
                if (!Files.isDirectory(d)) {
                    throw new SkinMeshException(target + ": cannot write, " + d + " is a file, not a folder");
                }
                break;
            }
        }
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = createPart(dir, abs.getFileName().toString());
            watchForShutdown();
            staged.add(new Staged(target, abs, tmp));
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            tmp = null;
            return target;
        } catch (IOException e) {
            throw new SkinMeshException(target + ": cannot write (" + problem(e) + ")", e);
        } catch (SkinMeshException e) { // the content cannot be written in this format: say which file
            throw new SkinMeshException(target + ": cannot write: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                staged.remove(staged.size() - 1);
                deleteQuietly(tmp);
            }
        }
    }

    /**
     * Puts every written file in place. Replaced files are first renamed aside; if a rename fails,
     * every file already put in place is taken back and the replaced ones restored, so either all
     * outputs of the run appear or none does.
     *
     * @throws SkinMeshException when a file cannot be put in place (the previous files are restored)
     */
    void commit() {
        List<Path> asides = new ArrayList<>();
        List<Staged> done = new ArrayList<>();
        try {
            for (Staged s : staged) {
                Path aside = null;
                if (Files.exists(s.absolute(), LinkOption.NOFOLLOW_LINKS)) {
                    aside = createPart(s.absolute().getParent(), s.absolute().getFileName() + ".previous");
                    move(s.absolute(), aside);
                }
                asides.add(aside);
                move(s.part(), s.absolute());
                done.add(s);
            }
        } catch (IOException e) {
            rollBack(done, asides);
            throw new SkinMeshException(staged.get(done.size()).target() + ": cannot put in place (" + problem(e)
                    + "); no output of this run was kept", e);
        }
        for (Path aside : asides) {
            if (aside != null) {
                deleteQuietly(aside);
            }
        }
        for (Staged s : staged) {
            written.add(s.target());
        }
        staged.clear();
        stopWatching();
    }

    private void rollBack(List<Staged> done, List<Path> asides) {
        for (int i = asides.size() - 1; i >= 0; i--) {
            Staged s = staged.get(i);
            Path aside = asides.get(i);
            try {
                if (i < done.size()) {
                    deleteQuietly(s.absolute());
                }
                if (aside != null) {
                    move(aside, s.absolute());
                }
            } catch (IOException ignored) {
                // best effort: the failure that started the roll-back is what the caller sees
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Removes the temporary files of a run that did not commit. */
    @Override
    public void close() {
        abandon();
        stopWatching();
    }

    /** Deletes every staged temporary file; what the shutdown hook runs on SIGTERM or Ctrl-C. */
    void abandon() {
        for (Staged s : staged) {
            deleteQuietly(s.part());
        }
        staged.clear();
    }

    private void watchForShutdown() {
        if (cleanup == null) {
            Thread hook = new Thread(this::abandon, "skinmesh-outputs-cleanup");
            try {
                Runtime.getRuntime().addShutdownHook(hook);
                cleanup = hook;
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting: nothing will run after this anyway
            }
        }
    }

    private void stopWatching() {
        Thread hook = cleanup;
        cleanup = null;
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to; it only deletes what is still staged
            }
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // leaving a hidden temporary file is the lesser evil than masking the real failure
        }
    }

    /**
     * Creates an empty temporary file beside the target. Unlike {@link Files#createTempFile}, which
     * makes it readable by its owner only, it gets the permissions of any new file (the process's
     * umask applies), which the renamed output keeps.
     */
    private static Path createPart(Path dir, String name) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Path part = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
            try {
                return Files.createFile(part);
            } catch (FileAlreadyExistsException e) {
                if (attempt == PART_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /**
     * Refuses a target that is an input: the same path, or an existing file that is the same file
     * as an input by another path (a symbolic link or a linked folder on the way, a hard link).
     */
    private void requireNotInput(Path target, Path abs) {
        boolean input = inputs.contains(abs);
        if (!input && Files.exists(abs)) {
            for (Path in : inputs) {
                try {
                    if (Files.exists(in) && Files.isSameFile(abs, in)) {
                        input = true;
                        break;
                    }
                } catch (IOException e) {
                    throw new SkinMeshException(target + ": cannot compare with input " + in + " (" + problem(e)
                            + "); refusing to overwrite it", e);
                }
            }
        }
        if (input) {
            throw new SkinMeshException(target + ": is an input file; refusing to overwrite it");
        }
    }

    /**
     * What went wrong, for a message: the file and the problem. Java's file-system exceptions often
     * carry only the path ({@code /data/out}), which says nothing of the problem; those get it in
     * words ({@code /data/out: permission denied}).
     *
     * @param e the exception
     * @return the file and the problem, or the exception's own message when it has a reason
     */
    static String problem(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() == null && f.getFile() != null) {
            String what = e instanceof NoSuchFileException ? "no such file or folder"
                    : e instanceof AccessDeniedException ? "permission denied"
                    : e instanceof FileAlreadyExistsException ? "already exists"
                    : e instanceof NotDirectoryException ? "not a folder"
                    : e.getClass().getSimpleName();
            return f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile()) + ": " + what;
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Writes bytes atomically. */
    Path write(Path target, byte[] bytes) {
        return write(target, out -> out.write(bytes));
    }

    /** @return the values as float32 little-endian, the format of the positions outputs */
    static byte[] littleEndian(float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return bytes.array();
    }

    /** @return the files written so far, in order */
    List<Path> written() {
        return List.copyOf(written);
    }
}

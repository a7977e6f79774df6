package io.github.skinmesh.cli;

import io.github.skinmesh.core.SkinMeshException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes command outputs safely: each file goes to a temporary name in its target folder and is
 * renamed when complete, so an error never leaves a half-written file; an input file is never
 * overwritten. Remembers what it wrote so commands can list it.
 */
final class Outputs {
    /** Writes the content of one output file. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Names tried for a temporary file before giving up (a clash needs the same random 64 bits). */
    private static final int PART_ATTEMPTS = 8;

    private final List<Path> inputs;
    private final List<Path> written = new ArrayList<>();

    Outputs(Collection<Path> inputs) {
        this.inputs = new ArrayList<>();
        for (Path p : inputs) {
            this.inputs.add(p.toAbsolutePath().normalize());
        }
    }

    /**
     * Checks targets before any work, so that a command fails before writing its first output
     * rather than between two outputs.
     *
     * @throws SkinMeshException when a target is an input or an existing directory
     */
    void checkTargets(Path... targets) {
        for (Path target : targets) {
            Path abs = target.toAbsolutePath().normalize();
            requireNotInput(target, abs);
            if (Files.isDirectory(abs)) {
                throw new SkinMeshException(target + ": is a directory, expected a file name");
            }
        }
    }

    /**
     * Writes {@code target} atomically.
     *
     * @throws SkinMeshException when the target is an input or cannot be written
     */
    Path write(Path target, Content content) {
        Path abs = target.toAbsolutePath().normalize();
        requireNotInput(target, abs);
        Path dir = abs.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = createPart(dir, abs.getFileName().toString());
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
            written.add(target);
            return target;
        } catch (IOException e) {
            throw new SkinMeshException(target + ": cannot write (" + e.getMessage() + ")", e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original failure is what the caller needs to see
                }
            }
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
                    throw new SkinMeshException(target + ": cannot compare with input " + in + " (" + e.getMessage()
                            + "); refusing to overwrite it", e);
                }
            }
        }
        if (input) {
            throw new SkinMeshException(target + ": is an input file; refusing to overwrite it");
        }
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

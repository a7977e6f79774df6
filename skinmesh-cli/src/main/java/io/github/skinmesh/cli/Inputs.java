package io.github.skinmesh.cli;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReadOptions;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.ImageSource;
import io.github.skinmesh.laya.LayaModels;
import io.github.skinmesh.laya.LmReadOptions;
import io.github.skinmesh.laya.LmReadResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/** Reading command inputs, with messages that name the file. */
final class Inputs {
    private Inputs() {
    }

    /** @return whether the file name ends with {@code .glb} or {@code .gltf} */
    static boolean isGltf(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".glb") || n.endsWith(".gltf");
    }

    /**
     * Reads a glTF file.
     *
     * @throws SkinMeshException naming the file when it is missing, not a regular file, unreadable or
     *     malformed (the reader's {@link FormatException} already names it: it carries the file as its
     *     source)
     * @throws OutOfMemory when the heap is too small for the file
     */
    static GltfAsset readGltf(Path file) {
        return readGltf(file, GltfReadOptions.DEFAULTS);
    }

    /**
     * The reading options of commands that need no pixels ({@code inspect}, {@code skin}): an image
     * file that is missing or unreadable drops its textures instead of failing the read, and the
     * asset's {@link GltfAsset#imageSources()} says which and why.
     */
    static final GltfReadOptions WITHOUT_PIXELS = GltfReadOptions.DEFAULTS
            .withUnreadableImages(GltfReadOptions.UnreadableImages.DROP_TEXTURES);

    /**
     * Reads a whole file that is not glTF (an image, for example).
     *
     * @param file the file
     * @param expected what the file should be, for the message when it is a folder ("a PNG image")
     * @return its bytes
     * @throws SkinMeshException naming the file when it is missing, not a regular file or unreadable
     * @throws OutOfMemory when the heap is too small for the file
     */
    static byte[] readFile(Path file, String expected) {
        if (!Files.exists(file)) {
            throw new SkinMeshException(file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new SkinMeshException(file + ": not a regular file, expected " + expected);
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new SkinMeshException(file + ": cannot read (" + Outputs.problem(e) + ")", e);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("reading " + file, e);
        }
    }

    /** @return the SHA-256 of the bytes as 64 lower-case hexadecimal digits */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    /**
     * Checks an integer option's range, as a usage error (exit code 2).
     *
     * @throws CommandLine.ParameterException {@code "OPTION: VALUE, expected LO..HI"} when out of range
     */
    static void requireRange(CommandLine cl, String option, int value, int lo, int hi) {
        if (value < lo || value > hi) {
            throw new CommandLine.ParameterException(cl, option + ": " + value + ", expected " + lo + ".." + hi);
        }
    }

    /**
     * Reads a glTF file with the given options.
     *
     * @throws SkinMeshException as {@link #readGltf(Path)}
     */
    static GltfAsset readGltf(Path file, GltfReadOptions options) {
        if (!isGltf(file)) {
            throw new SkinMeshException(file + ": not a glTF file, expected a .glb or .gltf name");
        }
        if (!Files.exists(file)) {
            throw new SkinMeshException(file + ": no such file");
        }
        try {
            return GltfReader.read(file, options);
        } catch (IOException e) {
            throw new SkinMeshException(file + ": cannot read (" + Outputs.problem(e) + ")", e);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("reading " + file, e);
        }
    }

    /**
     * Reads a LayaAir {@code .lm} file.
     *
     * @throws SkinMeshException naming the file when it is missing, not a regular file, unreadable or
     *     malformed (the reader's {@link FormatException} names it, the field and the offset)
     * @throws OutOfMemory when the heap is too small for the file
     */
    static LmReadResult readLm(Path file, LmReadOptions options) {
        if (!Files.exists(file)) {
            throw new SkinMeshException(file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new SkinMeshException(file + ": not a regular file");
        }
        try {
            return LayaModels.read(file, options);
        } catch (IOException e) {
            throw new SkinMeshException(file + ": cannot read (" + Outputs.problem(e) + ")", e);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("reading " + file, e);
        }
    }

    /**
     * Prints one line on {@code err} per image of {@code asset} that could not be read (read with
     * {@link #WITHOUT_PIXELS}): {@code command: file: reason; ignored (why)}.
     */
    static void noteDroppedImages(PrintWriter err, String command, Path file, GltfAsset asset, String why) {
        for (ImageSource s : asset.imageSources()) {
            if (s.problem() != null) {
                err.println(command + ": " + file + ": " + s.problem() + "; ignored (" + why + ")");
            }
        }
        err.flush();
    }

    /**
     * Prints one line on {@code err} per warning of the read ({@code command: file: warning}) but
     * those of images that could not be read, which {@link #noteDroppedImages} words for the command.
     */
    static void noteReadWarnings(PrintWriter err, String command, Path file, GltfAsset asset) {
        List<String> images = new ArrayList<>();
        for (ImageSource s : asset.imageSources()) {
            if (s.problem() != null) {
                images.add(s.problem());
            }
        }
        for (String w : asset.warnings()) {
            if (images.stream().noneMatch(w::startsWith)) {
                err.println(command + ": " + file + ": " + w);
            }
        }
        err.flush();
    }

    /**
     * Resolves {@code --clip}: an integer is an index, anything else a name.
     *
     * @throws SkinMeshException naming the file and listing the clips when there is no such clip
     */
    static int clipIndex(Path file, List<AnimationClip> clips, String clip) {
        if (clip.matches("\\d+")) {
            int index;
            try {
                index = Integer.parseInt(clip);
            } catch (NumberFormatException e) {
                index = Integer.MAX_VALUE;
            }
            if (index < clips.size()) {
                return index;
            }
            throw new SkinMeshException(file + ": clip index " + clip + " out of range, the file has " + clips.size()
                    + " clip" + (clips.size() == 1 ? "" : "s") + describe(clips));
        }
        for (int i = 0; i < clips.size(); i++) {
            if (clips.get(i).name().equals(clip)) {
                return i;
            }
        }
        throw new SkinMeshException(file + ": no clip named '" + clip + "'" + describe(clips));
    }

    private static String describe(List<AnimationClip> clips) {
        if (clips.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (");
        for (int i = 0; i < clips.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(i).append(" '").append(clips.get(i).name()).append('\'');
        }
        return sb.append(')').toString();
    }
}

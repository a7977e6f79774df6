package io.github.skinmesh.testkit;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Index;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One file of reference skinned positions from the shared folder's {@code assets/reference}
 * (see {@link SharedFiles}), described by its name: {@code <asset>.rest.<space>.bin} for the rest
 * pose or {@code <asset>.<clip>.t<seconds>.<space>.bin} at a clip time, where the clip is
 * {@code clip<N>} for the clip at index N or else a clip name, and the space is {@code model} or
 * {@code world}. The {@code .bin} holds float32 little-endian x, y, z per vertex, no header; the
 * {@code .json} beside it describes the same pose; the asset is {@code <asset>.glb} in the folder
 * above.
 *
 * <p>Immutable and thread-safe; {@link #positions()} reads the file on each call.
 *
 * @param bin the {@code .bin} file
 * @param asset the asset's name, without extension
 * @param clip the clip part of the name ({@code clip<N>} or a name), or {@code null} for the rest pose
 * @param time the requested time in seconds, 0 for the rest pose
 * @param space {@code "model"} or {@code "world"}
 */
public record ReferencePose(Path bin, String asset, @Nullable String clip, float time, String space) {
    private static final Pattern NAME = Pattern.compile(
            "(?<asset>[^.]+)\\.(?:rest|(?<clip>[^.]+)\\.t(?<time>[0-9]+(?:\\.[0-9]+)?))\\.(?<space>model|world)\\.bin");
    private static final Pattern INDEX = Pattern.compile("clip([0-9]{1,9})");

    /**
     * Checks the components.
     *
     * @throws NullPointerException when {@code bin}, {@code asset} or {@code space} is null
     */
    public ReferencePose {
        Objects.requireNonNull(bin, "bin");
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(space, "space");
    }

    /**
     * Lists the reference poses of a folder: every {@code .bin} file, sorted by name.
     *
     * @param folder the reference folder, e.g. {@code SharedFiles.file("assets/reference")}
     * @return the poses, a fresh list
     * @throws IOException when the folder cannot be listed
     * @throws ValidationException when a {@code .bin} name does not follow the pattern
     */
    public static List<ReferencePose> list(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".bin")).sorted().map(ReferencePose::parse)
                    .toList();
        }
    }

    /**
     * Describes a reference file by its name.
     *
     * @param bin a {@code .bin} reference file (need not exist)
     * @return its description
     * @throws ValidationException when the name does not follow the pattern
     */
    public static ReferencePose parse(Path bin) {
        Path name = bin.getFileName();
        Matcher m = NAME.matcher(name == null ? "" : name.toString());
        if (!m.matches()) {
            throw new ValidationException("reference file name '" + name
                    + "', expected <asset>.rest.<space>.bin or <asset>.<clip>.t<seconds>.<space>.bin, space model|world");
        }
        String time = m.group("time");
        return new ReferencePose(bin, m.group("asset"), m.group("clip"), time == null ? 0f : Float.parseFloat(time),
                m.group("space"));
    }

    /** @return whether this is the rest pose (no clip) */
    public boolean isRest() {
        return clip == null;
    }

    /** @return the clip index N of a {@code clip<N>} name, or {@link Index#NONE} for a clip name or the rest pose */
    public int clipIndex() {
        if (clip == null) {
            return Index.NONE;
        }
        Matcher m = INDEX.matcher(clip);
        return m.matches() ? Integer.parseInt(m.group(1)) : Index.NONE;
    }

    /** @return the {@code .json} description beside the {@code .bin} */
    public Path jsonFile() {
        String name = String.valueOf(bin.getFileName());
        return bin.resolveSibling(name.substring(0, name.length() - ".bin".length()) + ".json");
    }

    /** @return the asset, {@code <asset>.glb} in the parent of the reference folder */
    public Path assetFile() {
        Path folder = bin.toAbsolutePath().getParent();
        Path parent = folder == null ? null : folder.getParent();
        return parent == null ? Path.of(asset + ".glb") : parent.resolve(asset + ".glb");
    }

    /**
     * Reads the positions.
     *
     * @return {@code 3 * vertexCount} floats, a fresh array
     * @throws IOException when the file cannot be read
     * @throws FormatException when its length is not a multiple of 12 bytes
     */
    public float[] positions() throws IOException {
        byte[] bytes = Files.readAllBytes(bin);
        if (bytes.length % 12 != 0) {
            throw new FormatException(bin + ": length " + bytes.length + " bytes, expected a multiple of 12 (x, y, z float32)");
        }
        float[] xyz = new float[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(xyz);
        return xyz;
    }
}

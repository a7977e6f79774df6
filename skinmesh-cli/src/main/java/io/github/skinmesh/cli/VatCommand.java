package io.github.skinmesh.cli;

import io.github.skinmesh.vat.PositionMode;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatFormat;
import io.github.skinmesh.vat.VatOptions;
import io.github.skinmesh.vat.VatStreams;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh vat}: bakes clips of a glTF file into vertex animation textures (one texel per
 * vertex per frame) and {@code manifest.json}, as the project's CLI contract and
 * {@code docs/vat.md} specify.
 */
@Command(name = "vat", mixinStandardHelpOptions = true,
        description = {"Bakes clips into vertex animation textures: one texel per vertex per frame (positions, and "
            + "normals with --normals) plus DIR/manifest.json (format in docs/vat.md).",
            "The vertices are all skinned primitives of FILE in the order of skinmesh skin, in model space as skin "
            + "writes it by default: inverse(W_skinnedNode) * world, per skinned node. Frame f of a clip is the pose at "
            + "min(f / fps, duration); the last frame is exactly at the clip's duration. Clips follow each other in "
            + "one texture, each from a fresh row; vertices wrap to further rows of a frame beyond --max-width.",
            "Texel of vertex i in frame f of clip c: row clips[c].firstRow + f*rowsPerFrame + floor(i / width), "
            + "column i mod width; row 0 is the first row of the file. unorm values decode as "
            + "min + value / (2^bits - 1) * (max - min) with the manifest's bounds.",
            "Prints the files with their sizes and bytes, the position error of the decoded texture against exact "
            + "skinning (max and RMS over every frame, in model units) and the clip table with each clip's bounds."})
final class VatCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    BakeInputOptions input;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Output folder (created when missing): the textures and manifest.json.")
    Path out;

    @Option(names = "--encoding", paramLabel = "float|half|unorm16|unorm8", defaultValue = "half",
            description = "float, half, unorm16 or unorm8 (default: ${DEFAULT-VALUE}); unorm values are normalized to"
                + " the bounds in the manifest, normals octahedral-encoded.")
    String encoding;

    @Option(names = "--format", paramLabel = "exr|png|raw",
            description = "exr, png or raw (default: exr for float and half, png for unorm16 and unorm8).")
    String format;

    @Option(names = "--normals", description = "Also bake normals (normals.EXT); every skinned primitive needs them.")
    boolean normals;

    @Option(names = "--offsets", description = "Store positions as offsets from the bind pose (the shader adds the "
            + "vertex position back).")
    boolean offsets;

    @Option(names = "--max-width", paramLabel = "W", defaultValue = "4096",
            description = "Largest texture width, 1.." + Vat.MAX_TEXTURE_SIZE + " (default: ${DEFAULT-VALUE}).")
    int maxWidth;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        VatEncoding e = encoding(cl, encoding, false);
        VatFormat f = format(cl, format, e, false);
        Inputs.requireRange(cl, "--max-width", maxWidth, 1, Vat.MAX_TEXTURE_SIZE);
        requireFps(cl, input.fps);
        VatOptions options = VatOptions.DEFAULTS.withFps(input.fps).withEncoding(e)
                .withStreams(normals ? VatStreams.POSITIONS_NORMALS : VatStreams.POSITIONS)
                .withPositionMode(offsets ? PositionMode.OFFSET : PositionMode.ABSOLUTE).withMaxWidth(maxWidth);

        AnimationTextures.Request request = new AnimationTextures.Request("vat", input.file, input.clips, out, input.fps,
                f, normals ? List.of("positions", "normals") : List.of("positions"), input.json, true);
        return AnimationTextures.run(cl, quiet, request, (source, progress) -> Vat.bakeVertexTextures(source.skeleton(),
                source.parts(), source.clips(), options.withSpace(source.space()), progress));
    }

    /**
     * Parses {@code --encoding}.
     *
     * @param bonesOnly whether only float and half are allowed (a bone texture)
     * @throws CommandLine.ParameterException naming the value and what is expected
     */
    static VatEncoding encoding(CommandLine cl, String value, boolean bonesOnly) {
        String v = value.toLowerCase(Locale.ROOT);
        for (VatEncoding e : VatEncoding.values()) {
            if (e.manifestName().equals(v) && !(bonesOnly && e.isNormalized())) {
                return e;
            }
        }
        throw new CommandLine.ParameterException(cl, "--encoding: " + value + ", expected " + (bonesOnly
                ? "float or half (skin matrices have no fixed range to normalize to)" : "float, half, unorm16 or unorm8"));
    }

    /**
     * Parses {@code --format}, or gives the default for the encoding: exr for float and half, png for
     * the normalized encodings.
     *
     * @param bonesOnly whether PNG is excluded (a bone texture)
     * @throws CommandLine.ParameterException when the value is unknown or cannot hold the encoding
     */
    static VatFormat format(CommandLine cl, String value, VatEncoding e, boolean bonesOnly) {
        if (value == null) {
            return e.isNormalized() ? VatFormat.PNG : VatFormat.EXR;
        }
        VatFormat f = switch (value.toLowerCase(Locale.ROOT)) {
            case "exr" -> VatFormat.EXR;
            case "png" -> bonesOnly ? null : VatFormat.PNG;
            case "raw" -> VatFormat.RAW;
            default -> null;
        };
        if (f == null) {
            throw new CommandLine.ParameterException(cl, "--format: " + value + ", expected "
                    + (bonesOnly ? "exr or raw" : "exr, png or raw"));
        }
        if (f == VatFormat.PNG && !e.isNormalized()) {
            throw new CommandLine.ParameterException(cl, "--format png holds only unorm16 or unorm8 textures; --encoding "
                    + e.manifestName() + " is written as exr or raw");
        }
        if (f == VatFormat.EXR && e.isNormalized()) {
            throw new CommandLine.ParameterException(cl, "--format exr holds only float or half textures; --encoding "
                    + e.manifestName() + " is written as png or raw");
        }
        return f;
    }

    /**
     * Checks {@code --fps}.
     *
     * @throws CommandLine.ParameterException when it is not a finite number above 0
     */
    static void requireFps(CommandLine cl, float fps) {
        if (!(Float.isFinite(fps) && fps > 0)) {
            throw new CommandLine.ParameterException(cl, "--fps: " + fps + ", expected a finite number of frames per "
                    + "second > 0");
        }
    }
}

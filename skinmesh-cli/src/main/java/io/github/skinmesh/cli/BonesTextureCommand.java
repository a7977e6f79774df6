package io.github.skinmesh.cli;

import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh bones-texture}: bakes clips of a glTF file into a bone-matrix animation texture
 * (three texels per palette bone per frame) and {@code manifest.json}, as the project's CLI
 * contract and {@code docs/bones-texture.md} specify.
 */
@Command(name = "bones-texture", mixinStandardHelpOptions = true,
        description = {"Bakes clips into a bone-matrix animation texture for instanced GPU skinning: per frame, 3 texels"
            + " per bone, the three rows of its 3x4 skin matrix (below), in the palette order of the "
            + "mesh's skin, plus DIR/manifest.json (format in docs/vat.md, command in docs/bones-texture.md).",
            "The skinned primitives of FILE must share one palette (one skin) and one skinned node transform; combine "
            + "parts first otherwise. Matrices are in model space as skin writes it by default: each is "
            + "inverse(W_skinnedNode) * model(bone) * inverseBind, so a renderer draws with W_skinnedNode as the model "
            + "matrix to place the mesh as the glTF scene does. Frame f of a clip is the pose at "
            + "min(f / fps, duration); the last frame is exactly at the clip's duration.",
            "Texel of row r of bone b in frame f of clip c: element i = 3b + r at row clips[c].firstRow + "
            + "f*rowsPerFrame + floor(i / width), column i mod width; row 0 is the first row of the file.",
            "Prints the files with their sizes and bytes, the position error of the mesh skinned with the decoded "
            + "matrices against exact skinning (max and RMS over every frame, in model units) and the clip table with "
            + "each clip's bounds."})
final class BonesTextureCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    BakeInputOptions input;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Output folder (created when missing): bones.EXT and manifest.json.")
    Path out;

    @Option(names = "--encoding", paramLabel = "float|half", defaultValue = "half",
            description = "float or half (default: ${DEFAULT-VALUE}).")
    String encoding;

    @Option(names = "--format", paramLabel = "exr|raw", description = "exr or raw (default: exr).")
    String format;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        VatEncoding e = VatCommand.encoding(cl, encoding, true);
        VatFormat f = VatCommand.format(cl, format, e, true);
        VatCommand.requireFps(cl, input.fps);
        BoneTextureOptions options = BoneTextureOptions.DEFAULTS.withFps(input.fps).withEncoding(e);

        AnimationTextures.Request request = new AnimationTextures.Request("bones-texture", input.file, input.clips,
                out, input.fps, f, List.of("bones"), input.json, false);
        return AnimationTextures.run(cl, quiet, request, (source, progress) -> Vat.bakeBoneTexture(source.skeleton(),
                source.parts(), source.clips(), options.withSpace(source.space()), progress));
    }
}

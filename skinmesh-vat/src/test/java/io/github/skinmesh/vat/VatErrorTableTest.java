package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.PartSource;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.joml.Matrix4d;
import org.junit.jupiter.api.Test;

/**
 * The README's table of position errors at human scale: each shared asset baked as
 * {@code skinmesh vat} and {@code skinmesh bones-texture} bake it (every clip at 30 fps, absolute
 * positions, and half offsets from the bind pose; each skinned node's own space), its max and RMS
 * errors scaled by {@code 1.8 / height} to a 1.8 m tall character, where the height is the vertical
 * extent of the bind pose as the glTF scene shows it: the y extent of the skinned parts' vertices as
 * stored, placed by their node's world matrix at rest (for the Fox, its standing height, not its
 * length). Prints the table (Markdown, millimetres) and checks that half (absolute and offsets) and
 * unorm16 stay below 1 mm.
 */
class VatErrorTableTest {
    private static final double HEIGHT = 1.8;
    private static final double MILLIMETRE = 1e-3;

    /** The skinned parts of a file and each one's skinned node, as the command line bakes them. */
    private record Input(String name, List<Part> parts, BakeSpace space, GltfAsset asset, double height) {
    }

    private static Optional<Input> input(String name) throws IOException {
        Optional<Path> file = SharedFiles.file("assets/" + name);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        GltfAsset asset = GltfReader.read(file.get());
        List<Part> parts = new ArrayList<>();
        List<PartSource> sources = new ArrayList<>();
        for (int p = 0; p < asset.parts().size(); p++) {
            if (asset.parts().get(p).isSkinned()) {
                parts.add(asset.parts().get(p));
                sources.add(asset.source(p));
            }
        }
        int[] bones = new int[parts.size()];
        float[] matrices = new float[16 * parts.size()];
        float[] rest = asset.skeleton().restModelMatricesInto(new float[16 * asset.skeleton().boneCount()], 0);
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < parts.size(); p++) {
            bones[p] = sources.get(p).nodeBone();
            sources.get(p).nodeMatrixInto(matrices, 16 * p);
            // the bind pose as the glTF scene shows it: the vertices as stored, placed by the node's world matrix
            Matrix4d node = new Matrix4d().set(java.util.Arrays.copyOfRange(matrices, 16 * p, 16 * p + 16));
            if (bones[p] != Index.NONE) {
                node = new Matrix4d().set(java.util.Arrays.copyOfRange(rest, 16 * bones[p], 16 * bones[p] + 16))
                        .mul(node);
            }
            float[] positions = parts.get(p).mesh().positions();
            for (int v = 0; v < positions.length; v += 3) {
                double y = node.m01() * positions[v] + node.m11() * positions[v + 1] + node.m21() * positions[v + 2]
                        + node.m31();
                low = Math.min(low, y);
                high = Math.max(high, y);
            }
        }
        return Optional.of(new Input(name, parts, BakeSpace.ofParts(bones, matrices), asset, high - low));
    }

    private static String mm(double error, double scale) {
        double v = error * scale / MILLIMETRE;
        return String.format(Locale.ROOT, v >= 0.1 ? "%.2f" : v >= 0.001 ? "%.4f" : "%.1e", v);
    }

    @Test
    void halfAndUnorm16StayBelowOneMillimetreAtHumanScale() throws IOException {
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "| asset | vertices | bind-pose height | half max / RMS | unorm16 max / RMS | unorm8 max / RMS "
                + "| half offsets max / RMS | bones half max / RMS |%n|---|---|---|---|---|---|---|---|%n"));
        int rows = 0;
        for (String name : new String[] {"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"}) {
            Optional<Input> in = input(name);
            if (in.isEmpty()) {
                continue;
            }
            Input input = in.get();
            List<AnimationClip> clips = input.asset().clips();
            double scale = HEIGHT / input.height();
            int vertices = 0;
            for (Part p : input.parts()) {
                vertices += p.mesh().vertexCount();
            }
            table.append(String.format(Locale.ROOT, "| %s (%d clip%s) | %,d | %.4g |", name.replace(".glb", ""),
                    clips.size(), clips.size() == 1 ? "" : "s", vertices, input.height()));
            for (VatEncoding e : new VatEncoding[] {VatEncoding.HALF, VatEncoding.UNORM16, VatEncoding.UNORM8}) {
                VatResult r = Vat.bakeVertexTextures(input.asset().skeleton(), input.parts(), clips,
                        VatOptions.DEFAULTS.withEncoding(e).withSpace(input.space()), Progress.NONE);
                table.append(' ').append(mm(r.maxError(), scale)).append(" / ").append(mm(r.rmsError(), scale))
                        .append(" |");
                if (e != VatEncoding.UNORM8) {
                    assertThat(r.maxError() * scale).as("%s %s, metres at 1.8 m", name, e).isLessThan(MILLIMETRE);
                }
            }
            VatResult offsets = Vat.bakeVertexTextures(input.asset().skeleton(), input.parts(), clips,
                    VatOptions.DEFAULTS.withPositionMode(PositionMode.OFFSET).withSpace(input.space()), Progress.NONE);
            table.append(' ').append(mm(offsets.maxError(), scale)).append(" / ")
                    .append(mm(offsets.rmsError(), scale)).append(" |");
            assertThat(offsets.maxError() * scale).as("%s half offsets, metres at 1.8 m", name).isLessThan(MILLIMETRE);
            VatResult bones = Vat.bakeBoneTexture(input.asset().skeleton(), input.parts(), clips,
                    BoneTextureOptions.DEFAULTS.withSpace(input.space()), Progress.NONE);
            table.append(' ').append(mm(bones.maxError(), scale)).append(" / ").append(mm(bones.rmsError(), scale))
                    .append(String.format(Locale.ROOT, " |%n"));
            rows++;
        }
        assumeTrue(rows > 0, SharedFiles.ABSENT + " (needs assets/)");
        System.out.print(table);
    }
}

package io.github.skinmesh.testkit.atlas;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.AtlasOptions;
import io.github.skinmesh.atlas.AtlasResult;
import io.github.skinmesh.atlas.Atlases;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.pack.Rotation;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.combine.Provenance;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Atlasing then combining the testkit humanoid keeps what renders: for seeded points of every
 * triangle, nearest sampling of the part's original base colour texture at the centre of the texel
 * the point falls in equals nearest sampling of the combined mesh's atlas at the same point's
 * combined coordinate (the point carried in barycentric coordinates of the triangle, the triangle
 * found in the combined mesh through combine's provenance). And the draw calls drop to one per render
 * state: the five opaque parts in one, the masked double-sided hair alone.
 */
class HumanoidAtlasTest {
    private final Map<Image, PixelImage> decoded = new HashMap<>();

    @Test
    void atlasedAndCombinedHumanoidSamplesItsTexturesTexelForTexel() {
        for (long seed : new long[] {1, 2, 3}) {
            for (Rotation rotation : Rotation.values()) {
                Humanoid h = Humanoids.generate(seed);
                Character c = h.character();
                AtlasOptions options = AtlasOptions.DEFAULTS.withPack(AtlasOptions.DEFAULTS.pack().withRotation(rotation));
                AtlasResult atlas = Atlases.atlasCharacter(c, options, Progress.NONE);
                assertThat(atlas.report().drawCallsBefore()).isEqualTo(6);
                assertThat(atlas.report().drawCallsAfter()).isEqualTo(2);
                assertThat(atlas.report().materialsMerged()).isEqualTo(5);
                CombineResult combined = Combine.combineCharacters(List.of(atlas.applyTo(c)), CombineOptions.DEFAULTS);
                assertThat(combined.report().drawCallsAfter()).isEqualTo(2);
                Mesh out = combined.mesh();
                assertThat(out.materials()).extracting(Material::alphaMode)
                        .containsExactly(AlphaMode.OPAQUE, AlphaMode.MASK);
                int checked = check(c, combined, new SplitMix64(seed * 7 + rotation.ordinal()));
                assertThat(checked).isGreaterThan(10_000);
            }
        }
    }

    private int check(Character before, CombineResult combined, SplitMix64 rng) {
        Mesh out = combined.mesh();
        Provenance provenance = combined.report().provenance();
        int checked = 0;
        for (int i = 0; i < before.parts().size(); i++) {
            Mesh mesh = before.parts().get(i).mesh();
            for (Provenance.IndexRange range : provenance.indexRanges(i)) {
                Submesh sub = submeshAt(mesh, range.firstSourceIndex());
                TextureRef src = mesh.materials().get(sub.materialIndex()).texture(Material.BASE_COLOR);
                Submesh outSub = submeshAt(out, range.firstIndex());
                TextureRef dst = out.materials().get(outSub.materialIndex()).texture(Material.BASE_COLOR);
                PixelImage s = decode(src.image());
                PixelImage d = decode(dst.image());
                float[] uvs = mesh.uvs(src.texCoord());
                float[] outUvs = out.uvs(dst.texCoord());
                for (int k = 0; k < range.indexCount(); k += 3) {
                    int[] a = new int[3];
                    int[] b = new int[3];
                    for (int j = 0; j < 3; j++) {
                        a[j] = mesh.index(range.firstSourceIndex() + k + j);
                        b[j] = out.index(range.firstIndex() + k + j);
                    }
                    for (int n = 0; n < 3; n++) {
                        checked += sample(rng, uvs, a, s, outUvs, b, d) ? 1 : 0;
                    }
                }
            }
        }
        return checked;
    }

    /** One seeded point of a triangle; false when the triangle has no area in UV space. */
    private static boolean sample(SplitMix64 rng, float[] uvs, int[] a, PixelImage src, float[] outUvs, int[] b,
            PixelImage atlas) {
        double r1 = rng.nf();
        double r2 = rng.nf();
        if (r1 + r2 > 1) {
            r1 = 1 - r1;
            r2 = 1 - r2;
        }
        double x0 = uvs[2 * a[0]];
        double y0 = uvs[2 * a[0] + 1];
        double x1 = uvs[2 * a[1]] - x0;
        double y1 = uvs[2 * a[1] + 1] - y0;
        double x2 = uvs[2 * a[2]] - x0;
        double y2 = uvs[2 * a[2] + 1] - y0;
        double det = x1 * y2 - x2 * y1;
        if (Math.abs(det) < 1e-12) {
            return false;
        }
        double u = x0 + r1 * x1 + r2 * x2;
        double v = y0 + r1 * y1 + r2 * y2;
        int tx = Math.min(src.width() - 1, (int) Math.floor(u * src.width()));
        int ty = Math.min(src.height() - 1, (int) Math.floor(v * src.height()));
        double px = (tx + 0.5) / src.width() - x0;
        double py = (ty + 0.5) / src.height() - y0;
        double b1 = (px * y2 - x2 * py) / det;
        double b2 = (x1 * py - px * y1) / det;
        double b0 = 1 - b1 - b2;
        double au = b0 * outUvs[2 * b[0]] + b1 * outUvs[2 * b[1]] + b2 * outUvs[2 * b[2]];
        double av = b0 * outUvs[2 * b[0] + 1] + b1 * outUvs[2 * b[1] + 1] + b2 * outUvs[2 * b[2] + 1];
        int ax = (int) Math.floor(au * atlas.width());
        int ay = (int) Math.floor(av * atlas.height());
        for (int c = 0; c < 4; c++) {
            assertThat(atlas.value(ax, ay, c)).as("texel (%d, %d) of %s, channel %d", tx, ty, src.name(), c)
                    .isEqualTo(src.value(tx, ty, c));
        }
        return true;
    }

    private static Submesh submeshAt(Mesh mesh, int index) {
        for (Submesh s : mesh.submeshes()) {
            if (index >= s.firstIndex() && index < s.firstIndex() + s.indexCount()) {
                return s;
            }
        }
        throw new AssertionError("index " + index + " is in no submesh of " + mesh.name());
    }

    private PixelImage decode(Image image) {
        return decoded.computeIfAbsent(image, Png::decode);
    }
}

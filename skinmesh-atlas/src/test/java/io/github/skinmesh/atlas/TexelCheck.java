package io.github.skinmesh.atlas;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import java.util.HashMap;
import java.util.Map;

/**
 * The rendering check of atlasing: nearest sampling of a part's original base colour texture at the
 * centre of a texel of a triangle's UV footprint equals nearest sampling of the atlas at the remapped
 * coordinate of the same point. The point is expressed in barycentric coordinates of the original
 * triangle and carried to the remapped triangle (same index positions), so the check reads the meshes'
 * data, not the transform. Points are chosen by a seeded generator.
 */
final class TexelCheck {
    private final Map<Image, PixelImage> decoded = new HashMap<>();
    int checked;

    /**
     * Checks every triangle of every submesh of {@code before} that has a base colour texture.
     *
     * @param bottomLeft whether the meshes' v runs up from the image's bottom row
     */
    void check(Mesh before, Mesh after, long seed, int samplesPerTriangle, boolean bottomLeft) {
        TestRandom rng = new TestRandom(seed);
        for (int s = 0; s < before.submeshes().size(); s++) {
            Submesh sb = before.submeshes().get(s);
            Submesh sa = after.submeshes().get(s);
            assertThat(sa.firstIndex()).isEqualTo(sb.firstIndex());
            assertThat(sa.indexCount()).isEqualTo(sb.indexCount());
            TextureRef tb = before.materials().get(sb.materialIndex()).texture(Material.BASE_COLOR);
            TextureRef ta = after.materials().get(sa.materialIndex()).texture(Material.BASE_COLOR);
            if (tb == null) {
                continue;
            }
            assertThat(ta).isNotNull();
            PixelImage src = decode(tb.image());
            PixelImage atlas = decode(ta.image());
            float[] uvb = before.uvs(tb.texCoord());
            float[] uva = after.uvs(ta.texCoord());
            for (int k = sb.firstIndex(); k < sb.firstIndex() + sb.indexCount(); k += 3) {
                for (int n = 0; n < samplesPerTriangle; n++) {
                    sample(rng, before, after, k, uvb, uva, src, atlas, tb.sampler(), bottomLeft);
                }
            }
        }
    }

    private void sample(TestRandom rng, Mesh before, Mesh after, int k, float[] uvb, float[] uva, PixelImage src,
            PixelImage atlas, Sampler sampler, boolean bottomLeft) {
        int[] vb = {before.index(k), before.index(k + 1), before.index(k + 2)};
        int[] va = {after.index(k), after.index(k + 1), after.index(k + 2)};
        double r1 = rng.nf();
        double r2 = rng.nf();
        if (r1 + r2 > 1) {
            r1 = 1 - r1;
            r2 = 1 - r2;
        }
        double[] bary = {1 - r1 - r2, r1, r2};
        double u = 0;
        double v = 0;
        for (int i = 0; i < 3; i++) {
            u += bary[i] * uvb[2 * vb[i]];
            v += bary[i] * tl(uvb[2 * vb[i] + 1], bottomLeft);
        }
        int w = src.width();
        int h = src.height();
        long tx = (long) Math.floor(u * w);
        long ty = (long) Math.floor(v * h);
        double cu = (tx + 0.5) / w;
        double cv = (ty + 0.5) / h;
        // barycentric coordinates of the texel centre in the original triangle
        double x0 = uvb[2 * vb[0]];
        double y0 = tl(uvb[2 * vb[0] + 1], bottomLeft);
        double x1 = uvb[2 * vb[1]] - x0;
        double y1 = tl(uvb[2 * vb[1] + 1], bottomLeft) - y0;
        double x2 = uvb[2 * vb[2]] - x0;
        double y2 = tl(uvb[2 * vb[2] + 1], bottomLeft) - y0;
        double det = x1 * y2 - x2 * y1;
        if (Math.abs(det) < 1e-12) {
            return; // degenerate in UV space: no footprint
        }
        double px = cu - x0;
        double py = cv - y0;
        double b1 = (px * y2 - x2 * py) / det;
        double b2 = (x1 * py - px * y1) / det;
        double b0 = 1 - b1 - b2;
        double au = b0 * uva[2 * va[0]] + b1 * uva[2 * va[1]] + b2 * uva[2 * va[2]];
        double av = b0 * tl(uva[2 * va[0] + 1], bottomLeft) + b1 * tl(uva[2 * va[1] + 1], bottomLeft)
                + b2 * tl(uva[2 * va[2] + 1], bottomLeft);
        int sx = wrap(tx, w, sampler.wrapS());
        int sy = wrap(ty, h, sampler.wrapT());
        int ax = (int) Math.floor(au * atlas.width());
        int ay = (int) Math.floor(av * atlas.height());
        for (int c = 0; c < 4; c++) {
            assertThat(atlas.value(ax, ay, c)).as("texel (%d, %d) of %s, channel %d, at atlas texel (%d, %d)", sx, sy,
                    src.name(), c, ax, ay).isEqualTo(src.value(sx, sy, c));
        }
        checked++;
    }

    private static double tl(float v, boolean bottomLeft) {
        return bottomLeft ? 1 - (double) v : v;
    }

    static int wrap(long i, int size, Sampler.Wrap mode) {
        switch (mode) {
            case REPEAT:
                return (int) Math.floorMod(i, (long) size);
            case MIRRORED_REPEAT: {
                long tile = Math.floorDiv(i, (long) size);
                int inside = (int) Math.floorMod(i, (long) size);
                return (tile & 1) == 0 ? inside : size - 1 - inside;
            }
            default:
                return (int) Math.max(0, Math.min(size - 1, i));
        }
    }

    PixelImage decode(Image image) {
        return decoded.computeIfAbsent(image, Png::decode);
    }
}

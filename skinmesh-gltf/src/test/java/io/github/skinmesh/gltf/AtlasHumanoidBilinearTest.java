package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.AtlasOptions;
import io.github.skinmesh.atlas.AtlasResult;
import io.github.skinmesh.atlas.Atlases;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.pack.Rotation;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The atlased humanoid renders like the original under bilinear filtering: at each triangle's
 * corners and at random points inside it, the original base colour texture sampled with its own
 * sampler's wrap modes and the atlas page sampled clamped at the remapped coordinate agree within
 * 1/255 per channel.
 */
class AtlasHumanoidBilinearTest {
    static int wrap(int i, int n, Sampler.Wrap mode) {
        if (mode == Sampler.Wrap.REPEAT) {
            return Math.floorMod(i, n);
        }
        if (mode == Sampler.Wrap.MIRRORED_REPEAT) {
            int p = Math.floorMod(i, 2 * n);
            return p < n ? p : 2 * n - 1 - p;
        }
        return Math.max(0, Math.min(n - 1, i));
    }

    static double bilinear(PixelImage img, double u, double v, int c, Sampler.Wrap ws, Sampler.Wrap wt) {
        double fx = u * img.width() - 0.5;
        double fy = v * img.height() - 0.5;
        int x0 = (int) Math.floor(fx);
        int y0 = (int) Math.floor(fy);
        double ax = fx - x0;
        double ay = fy - y0;
        double s = 0;
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 2; i++) {
                double w = (i == 0 ? 1 - ax : ax) * (j == 0 ? 1 - ay : ay);
                if (w != 0) {
                    s += w * img.value(wrap(x0 + i, img.width(), ws), wrap(y0 + j, img.height(), wt), c);
                }
            }
        }
        return s;
    }

    @Test
    void everyTexturedTriangleSamplesAlikeBilinearly() {
        Character hero = Humanoids.generate(1).character();
        AtlasOptions options = AtlasOptions.DEFAULTS.withPack(AtlasOptions.DEFAULTS.pack().withRotation(Rotation.ALLOW_90));
        AtlasResult r = Atlases.atlasParts(hero.parts(), options, Progress.NONE);
        SplittableRandom rng = new SplittableRandom(3);
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (int p = 0; p < hero.parts().size(); p++) {
            Mesh before = hero.parts().get(p).mesh();
            Mesh after = r.parts().get(p).mesh();
            for (int s = 0; s < before.submeshes().size(); s++) {
                Submesh sb = before.submeshes().get(s);
                Submesh sa = after.submeshes().get(s);
                TextureRef tb = before.materials().get(sb.materialIndex()).texture(Material.BASE_COLOR);
                TextureRef ta = after.materials().get(sa.materialIndex()).texture(Material.BASE_COLOR);
                if (tb == null || ta == null || ta.image() == tb.image()) {
                    continue;
                }
                PixelImage src = Png.decode(tb.image());
                PixelImage atlas = Png.decode(ta.image());
                float[] ub = before.uvs(tb.texCoord());
                float[] ua = after.uvs(ta.texCoord());
                double worst = 0;
                String at = "";
                for (int k = sb.firstIndex(); k < sb.firstIndex() + sb.indexCount(); k += 3) {
                    for (int n = 0; n < 6; n++) {
                        double[] bary = new double[3];
                        if (n < 3) {
                            bary[n] = 1;
                        } else {
                            double r1 = rng.nextDouble();
                            double r2 = rng.nextDouble();
                            if (r1 + r2 > 1) {
                                r1 = 1 - r1;
                                r2 = 1 - r2;
                            }
                            bary = new double[] {1 - r1 - r2, r1, r2};
                        }
                        double u0 = 0;
                        double v0 = 0;
                        double u1 = 0;
                        double v1 = 0;
                        for (int c = 0; c < 3; c++) {
                            int vb = before.index(k + c);
                            int va = after.index(k + c);
                            u0 += bary[c] * ub[2 * vb];
                            v0 += bary[c] * ub[2 * vb + 1];
                            u1 += bary[c] * ua[2 * va];
                            v1 += bary[c] * ua[2 * va + 1];
                        }
                        for (int c = 0; c < 4; c++) {
                            double want = bilinear(src, u0, v0, c, tb.sampler().wrapS(), tb.sampler().wrapT());
                            double got = bilinear(atlas, u1, v1, c, Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.CLAMP_TO_EDGE);
                            if (Math.abs(got - want) > worst) {
                                worst = Math.abs(got - want);
                                at = "uv (" + u0 + ", " + v0 + ") channel " + c;
                            }
                        }
                        checked++;
                    }
                }
                // the interpolated atlas coordinate carries float rounding of the remap: a few 1e-4 of a level
                if (worst > 1.0 / 255 + 1e-3) {
                    failures.add(hero.parts().get(p).name() + " submesh " + s + ": off by " + Math.round(worst * 255)
                            + "/255 at " + at);
                }
            }
        }
        assertThat(checked).isPositive();
        assertThat(failures).isEmpty();
    }
}

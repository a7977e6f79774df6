package io.github.skinmesh.atlas;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.pack.Rotation;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Sampler;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bilinear sampling of each original texture, with its own wrap mode, at many coordinates of
 * {@code [0, 1]} (random ones and ones within a texel of the edges) against bilinear sampling of the
 * atlas page, clamped to its edge, at the remapped coordinate: within 1/255 per channel, with the
 * default gutter (which covers a bilinear footprint), rotation allowed and both V origins.
 */
class BilinearAtlasTest {
    /** One vertex per coordinate, triangles over consecutive triples, one submesh. */
    static Part samples(String name, float[] uvs, Material material) {
        int n = uvs.length / 2;
        float[] p = new float[3 * n];
        for (int v = 0; v < n; v++) {
            p[3 * v] = v;
            p[3 * v + 1] = v % 3;
        }
        int[] indices = new int[3 * (n / 3)];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = i;
        }
        Mesh m = Mesh.builder(name).positions(p).addUvs(uvs).indices(indices).addMaterial(material)
                .addSubmesh(0, indices.length, 0).build();
        return Part.of(name, m);
    }

    static float[] coordinates(TestRandom rng, int w, int h) {
        List<Float> u = new ArrayList<>();
        List<Float> v = new ArrayList<>();
        float[] edges = {0f, 1e-4f, 0.25f / w, 0.5f / w, 0.75f / w, 1f / w, 1.5f / w, 1 - 1.5f / w, 1 - 1f / w,
            1 - 0.75f / w, 1 - 0.5f / w, 1 - 0.25f / w, 1 - 1e-4f, 1f};
        float[] edgesV = {0f, 1e-4f, 0.25f / h, 0.5f / h, 0.75f / h, 1f / h, 1.5f / h, 1 - 1.5f / h, 1 - 1f / h,
            1 - 0.75f / h, 1 - 0.5f / h, 1 - 0.25f / h, 1 - 1e-4f, 1f};
        for (float a : edges) {
            for (float b : edgesV) {
                u.add(a);
                v.add(b);
            }
        }
        for (int i = 0; i < 600; i++) {
            u.add(rng.nf());
            v.add(rng.nf());
        }
        while (u.size() % 3 != 0) {
            u.add(0.5f);
            v.add(0.5f);
        }
        float[] out = new float[2 * u.size()];
        for (int i = 0; i < u.size(); i++) {
            out[2 * i] = u.get(i);
            out[2 * i + 1] = v.get(i);
        }
        return out;
    }

    static int wrap(int i, int n, Sampler.Wrap mode) {
        switch (mode) {
            case REPEAT:
                return Math.floorMod(i, n);
            case MIRRORED_REPEAT: {
                int p = Math.floorMod(i, 2 * n);
                return p < n ? p : 2 * n - 1 - p;
            }
            default:
                return Math.max(0, Math.min(n - 1, i));
        }
    }

    /** Bilinear sample at texel-space point (x, y) (texel centres at integers + 0.5). */
    static double bilinear(PixelImage img, double x, double y, int channel, Sampler.Wrap ws, Sampler.Wrap wt) {
        double fx = x - 0.5;
        double fy = y - 0.5;
        int x0 = (int) Math.floor(fx);
        int y0 = (int) Math.floor(fy);
        double ax = fx - x0;
        double ay = fy - y0;
        double s = 0;
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 2; i++) {
                double wgt = (i == 0 ? 1 - ax : ax) * (j == 0 ? 1 - ay : ay);
                if (wgt == 0) {
                    continue;
                }
                s += wgt * img.value(wrap(x0 + i, img.width(), ws), wrap(y0 + j, img.height(), wt), channel);
            }
        }
        return s;
    }

    @Test
    void bilinearSamplesAgreeWithinOneLevelWithEachWrapMode() {
        int[][] sizes = {{13, 7}, {5, 40}, {37, 6}, {9, 17}};
        List<String> failures = new ArrayList<>();
        int turned = 0;
        for (Sampler.Wrap wrapMode : Sampler.Wrap.values()) {
            for (boolean bottomLeft : new boolean[] {false, true}) {
                TestRandom rng = new TestRandom(41 + wrapMode.ordinal() * 2 + (bottomLeft ? 1 : 0));
                Sampler sampler = new Sampler(Sampler.Filter.LINEAR, Sampler.Filter.LINEAR, wrapMode, wrapMode);
                List<Part> parts = new ArrayList<>();
                List<float[]> uvs = new ArrayList<>();
                for (int i = 0; i < sizes.length; i++) {
                    int w = sizes[i][0];
                    int h = sizes[i][1];
                    Material m = AtlasesTest.textured("m" + i,
                            AtlasesTest.texture("t" + i + ".png", w, h, 100 + i), sampler);
                    float[] c = coordinates(rng, w, h);
                    uvs.add(c);
                    parts.add(samples("p" + i, c, m));
                }
                AtlasOptions options = AtlasOptions.DEFAULTS
                        .withPack(AtlasOptions.DEFAULTS.pack().withRotation(Rotation.ALLOW_90))
                        .withVOrigin(bottomLeft ? VOrigin.BOTTOM_LEFT : VOrigin.TOP_LEFT);
                AtlasResult r = Atlases.atlasParts(parts, options, Progress.NONE);
                for (int i = 0; i < parts.size(); i++) {
                    Mesh before = parts.get(i).mesh();
                    Mesh after = r.parts().get(i).mesh();
                    PixelImage src = Png.decode(before.materials().get(0).texture(Material.BASE_COLOR).image());
                    PixelImage atlas = Png.decode(after.materials().get(0).texture(Material.BASE_COLOR).image());
                    float[] a = after.uvs(0);
                    float[] b = uvs.get(i);
                    assertThat(after.vertexCount()).isEqualTo(before.vertexCount());
                    // coordinates 0 and 13 differ in v only: a turned rectangle maps them to different u
                    if (a[0] != a[2 * 13]) {
                        turned++;
                    }
                    double worst = 0;
                    String at = "";
                    for (int v = 0; v < before.vertexCount(); v++) {
                        double su = b[2 * v];
                        double sv = bottomLeft ? 1 - b[2 * v + 1] : b[2 * v + 1];
                        double au = a[2 * v];
                        double av = bottomLeft ? 1 - a[2 * v + 1] : a[2 * v + 1];
                        for (int c = 0; c < 4; c++) {
                            double want = bilinear(src, su * src.width(), sv * src.height(), c, wrapMode, wrapMode);
                            double got = bilinear(atlas, au * atlas.width(), av * atlas.height(), c,
                                    Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.CLAMP_TO_EDGE);
                            if (Math.abs(got - want) > worst) {
                                worst = Math.abs(got - want);
                                at = "uv (" + b[2 * v] + ", " + b[2 * v + 1] + ") channel " + c + ": original " + want
                                        + ", atlas " + got;
                            }
                        }
                    }
                    if (worst > 1.0 / 255 + 1e-6) {
                        failures.add(wrapMode + (bottomLeft ? " bottom-left " : " top-left ") + "texture " + i + " "
                                + src.width() + "x" + src.height() + ": off by " + Math.round(worst * 255) + "/255 at " + at);
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(turned).as("rectangles placed turned").isPositive();
    }

    /** Coordinates over {@code [lo, hi]}: random ones and ones within a texel of each whole number and of the ends. */
    static float[] repeatCoordinates(TestRandom rng, int w, int h, float lo, float hi) {
        List<Float> us = near(lo, hi, w);
        List<Float> vs = near(lo, hi, h);
        List<Float> u = new ArrayList<>();
        List<Float> v = new ArrayList<>();
        for (int i = 0; i < us.size(); i++) {
            u.add(us.get(i));
            v.add(vs.get(rng.nextInt(0, vs.size() - 1)));
            u.add(us.get(rng.nextInt(0, us.size() - 1)));
            v.add(vs.get(Math.min(i, vs.size() - 1)));
        }
        for (int i = 0; i < 600; i++) {
            u.add(lo + rng.nf() * (hi - lo));
            v.add(lo + rng.nf() * (hi - lo));
        }
        while (u.size() % 3 != 0) {
            u.add(lo);
            v.add(hi);
        }
        float[] out = new float[2 * u.size()];
        for (int i = 0; i < u.size(); i++) {
            out[2 * i] = u.get(i);
            out[2 * i + 1] = v.get(i);
        }
        return out;
    }

    private static List<Float> near(float lo, float hi, int n) {
        List<Float> out = new ArrayList<>();
        out.add(lo);
        out.add(hi);
        for (int k = (int) Math.ceil(lo); k <= (int) Math.floor(hi); k++) {
            for (float d : new float[] {-1.5f, -0.75f, -0.5f, -0.25f, 0, 0.25f, 0.5f, 0.75f, 1.5f}) {
                float x = k + d / n;
                if (x >= lo && x <= hi) {
                    out.add(x);
                }
            }
        }
        return out;
    }

    @Test
    void bakedRepeatsSampleBilinearlyLikeTheWrappedTexture() {
        List<String> failures = new ArrayList<>();
        for (Sampler.Wrap wrapMode : Sampler.Wrap.values()) {
            for (boolean bottomLeft : new boolean[] {false, true}) {
                TestRandom rng = new TestRandom(77 + wrapMode.ordinal() * 2 + (bottomLeft ? 1 : 0));
                Sampler sampler = new Sampler(Sampler.Filter.LINEAR, Sampler.Filter.LINEAR, wrapMode, wrapMode);
                int w = 7;
                int h = 5;
                float lo = -1.25f;
                float hi = 1.6f;
                Material tiled = AtlasesTest.textured("tiled", AtlasesTest.texture("tiled.png", w, h, 5), sampler);
                Material plain = AtlasesTest.textured("plain", AtlasesTest.texture("plain.png", 6, 9, 6), sampler);
                float[] uv = repeatCoordinates(rng, w, h, lo, hi);
                List<Part> parts = List.of(samples("tiled", uv, tiled),
                        samples("plain", coordinates(rng, 6, 9), plain));
                AtlasOptions options = AtlasOptions.DEFAULTS.withTiling(TilingMode.BAKE_REPEAT)
                        .withPack(AtlasOptions.DEFAULTS.pack().withRotation(Rotation.ALLOW_90))
                        .withVOrigin(bottomLeft ? VOrigin.BOTTOM_LEFT : VOrigin.TOP_LEFT);
                AtlasResult r = Atlases.atlasParts(parts, options, Progress.NONE);
                Mesh after = r.parts().get(0).mesh();
                PixelImage src = Png.decode(tiled.texture(Material.BASE_COLOR).image());
                PixelImage atlas = Png.decode(after.materials().get(0).texture(Material.BASE_COLOR).image());
                float[] a = after.uvs(0);
                double worst = 0;
                String at = "";
                for (int v = 0; v < uv.length / 2; v++) {
                    double su = uv[2 * v];
                    double sv = bottomLeft ? 1 - uv[2 * v + 1] : uv[2 * v + 1];
                    double au = a[2 * v];
                    double av = bottomLeft ? 1 - a[2 * v + 1] : a[2 * v + 1];
                    for (int c = 0; c < 4; c++) {
                        double want = bilinear(src, su * w, sv * h, c, wrapMode, wrapMode);
                        double got = bilinear(atlas, au * atlas.width(), av * atlas.height(), c,
                                Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.CLAMP_TO_EDGE);
                        if (Math.abs(got - want) > worst) {
                            worst = Math.abs(got - want);
                            at = "uv (" + uv[2 * v] + ", " + uv[2 * v + 1] + ") channel " + c + ": original " + want
                                    + ", atlas " + got;
                        }
                    }
                }
                if (worst > 1.0 / 255 + 1e-6) {
                    failures.add(wrapMode + (bottomLeft ? " bottom-left" : " top-left") + ": off by "
                            + Math.round(worst * 255) + "/255 at " + at);
                }
            }
        }
        assertThat(failures).isEmpty();
    }
}

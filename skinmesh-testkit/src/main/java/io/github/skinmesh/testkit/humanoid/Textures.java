package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.image.PngCompression;
import io.github.skinmesh.atlas.image.PngFilter;
import io.github.skinmesh.atlas.image.PngOptions;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.testkit.SplitMix64;

/**
 * The base color textures and materials of the parts.
 *
 * <p>Each part has its own texture size (hair 64x128, head 128x128, torso 256x256, legs 128x256,
 * hands 64x64, shoes 128x64, width x height) and a pattern in its seeded color: hair strands whose
 * ragged ends are transparent, lightly mottled skin, a striped shirt, twill trousers, checked
 * gloves, shoes with a pale sole and laces. Pixel noise comes from a hash of seed, part and pixel,
 * so a texture depends on nothing else.
 *
 * <p>All materials use the glTF metallic-roughness template with the same factors (white base
 * color factor, metallic 0, roughness 0.8) and the default sampler, so an atlas can merge all of
 * them except the hair, which is alpha-masked (cutoff 0.5) and double-sided.
 */
final class Textures {
    private static final int[][] SIZES = {{64, 128}, {128, 128}, {256, 256}, {128, 256}, {64, 64}, {128, 64}};
    static final float ROUGHNESS = 0.8f;
    static final float HAIR_CUTOFF = 0.5f;
    private static final float[] SOLE = {0.85f, 0.85f, 0.82f};
    /**
     * No scanline filter, deflate level 6: on these block-noise patterns unfiltered rows deflate
     * 15 to 40% smaller than adaptively filtered ones (all six textures at level 6: 28,866 bytes of
     * zlib streams).
     */
    private static final PngOptions ENCODING = new PngOptions(PngCompression.DEFLATE, 6, PngFilter.NONE);

    private Textures() {
    }

    static int width(HumanoidPart part) {
        return SIZES[part.ordinal()][0];
    }

    static int height(HumanoidPart part) {
        return SIZES[part.ordinal()][1];
    }

    static Material material(HumanoidPart part, Look look, long seed, PngCompression compression) {
        int w = width(part);
        int h = height(part);
        byte[] rgba = new byte[4 * w * h];
        long salt = seed * 0x9E3779B97F4A7C15L + part.ordinal();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                paint(part, look, salt, x, y, w, h, rgba, 4 * (y * w + x));
            }
        }
        byte[] png = Png.encodeRgba8(w, h, rgba, ENCODING.withCompression(compression));
        Image image = Image.of(part.meshName() + ".png", Png.MIME_TYPE, png);
        Material.Builder b = Material.builder(part.meshName()).template(Material.TEMPLATE_PBR)
                .metallicFactor(0).roughnessFactor(ROUGHNESS)
                .texture(Material.BASE_COLOR, new TextureRef(image, 0, Sampler.DEFAULT));
        if (part == HumanoidPart.HAIR) {
            b.alphaMode(AlphaMode.MASK).alphaCutoff(HAIR_CUTOFF).doubleSided(true);
        }
        return b.build();
    }

    private static void paint(HumanoidPart part, Look look, long salt, int x, int y, int w, int h, byte[] dst, int o) {
        double u = (x + 0.5) / w;
        double v = (y + 0.5) / h;
        // coarse noise (2x2 texel blocks, 4 levels) keeps the textures mottled yet cheap to deflate
        double noise = Math.floor(4 * hash(salt, x >> 1, y >> 1)) / 4;
        float[] c;
        double shade;
        int alpha = 255;
        switch (part) {
            case HAIR: {
                double strand = hash(salt, x, -1);
                double length = 0.78 + 0.22 * hash(salt, x, -2);
                c = look.hair;
                shade = 0.75 + 0.35 * strand + 0.1 * noise;
                alpha = v > length ? 0 : 255;
                break;
            }
            case HEAD:
                c = look.skin;
                shade = 0.95 + 0.06 * noise;
                break;
            case TORSO:
                c = look.shirt;
                shade = ((y / 16) % 2 == 0 ? 1.0 : 0.85) * (0.95 + 0.06 * noise);
                break;
            case LEGS:
                c = look.pants;
                shade = ((x + y) % 4 < 2 ? 1.0 : 0.9) * (0.93 + 0.1 * noise);
                break;
            case HANDS:
                c = look.gloves;
                shade = ((x / 8 + y / 8) % 2 == 0 ? 1.0 : 0.88) * (0.96 + 0.05 * noise);
                break;
            default: {
                boolean sole = u < 0.12 || u > 0.88;
                boolean lace = Math.abs(u - 0.5) < 0.1 && v > 0.35 && v < 0.65 && y % 6 < 2;
                c = sole || lace ? SOLE : look.shoes;
                shade = 0.94 + 0.08 * noise;
                break;
            }
        }
        dst[o] = channel(c[0] * shade);
        dst[o + 1] = channel(c[1] * shade);
        dst[o + 2] = channel(c[2] * shade);
        dst[o + 3] = (byte) alpha;
    }

    private static byte channel(double value) {
        return (byte) Math.round(Math.max(0, Math.min(1, value)) * 255);
    }

    /** A value in [0, 1) from {@link SplitMix64#mix} of the salt and two coordinates. */
    private static double hash(long salt, int a, int b) {
        long z = SplitMix64.mix(salt + 0x9E3779B97F4A7C15L * (a + 1) + 0xC2B2AE3D27D4EB4FL * (b + 3));
        return (z >>> 11) * 0x1.0p-53;
    }
}

package io.github.skinmesh.cli;

import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.vat.TextureKind;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatManifest;
import io.github.skinmesh.vat.VatTexture;
import java.util.Arrays;

/**
 * Pictures of baked animation textures for people to look at (the demo writes one per texture): every
 * texel an element of a frame uses becomes an opaque RGB pixel, every other texel (the end of a
 * frame's last row) stays transparent.
 *
 * <ul>
 *   <li><b>Positions:</b> the stored value (a position, or an offset from the bind pose) mapped
 *       through the manifest's bounds, {@code (v - min) / (max - min)} per axis, to red, green and
 *       blue: the box's minimum corner is black, its maximum white; an axis along which the box is
 *       flat is 0, as the normalized encodings store it.</li>
 *   <li><b>Normals:</b> the decoded unit normal (octahedral in the normalized encodings) as
 *       {@code 0.5 + 0.5 * n}, the usual normal-map colors.</li>
 *   <li><b>Bones:</b> the x, y, z of each row of a 3x4 skin matrix (the rotation and scale part; the
 *       fourth value, the translation, is not shown) scaled by the largest magnitude of those values
 *       in the texture, {@code 0.5 + 0.5 * v / largest}: at rest a bone's three texels are reddish,
 *       greenish and bluish, and turn as it turns.</li>
 * </ul>
 *
 * <p>Pixel {@code (x, y)} of a picture enlarged {@code s} times shows texel {@code (x / s, y / s)}
 * (nearest neighbour); row 0 of the texture, the first row of its file, is the top row, as the CLI
 * contract addresses texels. A texture whose longer side is under {@value #MIN_LONG_SIDE} texels is
 * enlarged by the smallest whole factor that reaches it, as far as {@value #MAX_SIDE} pixels allow.
 * Deterministic: the same texture gives the same pixels.
 */
final class TexturePreview {
    /** A picture's longer side is enlarged to at least this many pixels when the texture is smaller. */
    static final int MIN_LONG_SIDE = 512;
    /** Largest side of an enlarged picture, in pixels. */
    static final int MAX_SIDE = 4096;

    /**
     * A preview.
     *
     * @param width pixels, {@code scale * texture width}
     * @param height pixels, {@code scale * texture height}
     * @param scale pixels per texel along each axis
     * @param rgba {@code 4*width*height} bytes, rows top to bottom
     */
    record Picture(int width, int height, int scale, byte[] rgba) {
        /** @return the picture as PNG, encoded by skinmesh-atlas's writer */
        byte[] png() {
            return Png.encodeRgba8(width, height, rgba);
        }
    }

    private TexturePreview() {
    }

    /** @return the picture of a vertex texture's positions */
    static Picture positions(VatDecoder decoder) {
        VatManifest m = decoder.manifest();
        requireKind(m, TextureKind.VERTEX);
        VatTexture t = decoder.texture("positions");
        Bounds b = m.bounds();
        float[] min = {b.minX(), b.minY(), b.minZ()};
        float[] range = {b.maxX() - b.minX(), b.maxY() - b.minY(), b.maxZ() - b.minZ()};
        boolean normalized = m.encoding().isNormalized();
        int[] rgb = unused(m);
        float[] texel = new float[4];
        forEachTexel(decoder, (clip, frame, element, index) -> {
            t.fetch((int) (index % m.width()), (int) (index / m.width()), texel, 0);
            int color = 0;
            for (int a = 0; a < 3; a++) {
                // a normalized texel already holds (v - min) / (max - min); a float one holds v
                float v = normalized ? texel[a] : range[a] > 0 ? (texel[a] - min[a]) / range[a] : 0f;
                color = color << 8 | channel(v);
            }
            rgb[(int) index] = color;
        });
        return enlarge(m.width(), m.height(), rgb);
    }

    /** @return the picture of a vertex texture's normals */
    static Picture normals(VatDecoder decoder) {
        VatManifest m = decoder.manifest();
        requireKind(m, TextureKind.VERTEX);
        int[] rgb = unused(m);
        float[] n = new float[3];
        forEachTexel(decoder, (clip, frame, element, index) -> {
            decoder.normalInto(clip, frame, element, n, 0);
            rgb[(int) index] = channel(0.5f + 0.5f * n[0]) << 16 | channel(0.5f + 0.5f * n[1]) << 8
                    | channel(0.5f + 0.5f * n[2]);
        });
        return enlarge(m.width(), m.height(), rgb);
    }

    /** @return the picture of a bone texture */
    static Picture bones(VatDecoder decoder) {
        VatManifest m = decoder.manifest();
        requireKind(m, TextureKind.BONES);
        VatTexture t = decoder.texture("bones");
        float[] texel = new float[4];
        float[] largest = {0};
        forEachTexel(decoder, (clip, frame, element, index) -> {
            t.fetch((int) (index % m.width()), (int) (index / m.width()), texel, 0);
            for (int a = 0; a < 3; a++) {
                largest[0] = Math.max(largest[0], Math.abs(texel[a]));
            }
        });
        float scale = largest[0] > 0 ? 0.5f / largest[0] : 0;
        int[] rgb = unused(m);
        forEachTexel(decoder, (clip, frame, element, index) -> {
            t.fetch((int) (index % m.width()), (int) (index / m.width()), texel, 0);
            rgb[(int) index] = channel(0.5f + scale * texel[0]) << 16 | channel(0.5f + scale * texel[1]) << 8
                    | channel(0.5f + scale * texel[2]);
        });
        return enlarge(m.width(), m.height(), rgb);
    }

    /** Visits every texel an element of a frame of a clip uses. */
    @FunctionalInterface
    private interface TexelVisitor {
        void visit(int clip, int frame, int element, long index);
    }

    private static void forEachTexel(VatDecoder decoder, TexelVisitor visitor) {
        VatManifest m = decoder.manifest();
        int elements = m.kind() == TextureKind.BONES ? 3 * m.elementCount() : m.elementCount();
        for (int c = 0; c < m.clips().size(); c++) {
            VatClip clip = m.clips().get(c);
            for (int f = 0; f < clip.frames(); f++) {
                for (int i = 0; i < elements; i++) {
                    visitor.visit(c, f, i, decoder.texelIndex(c, f, i));
                }
            }
        }
    }

    /** Colors of the picture, {@code 0xRRGGBB}, with {@code -1} for texels no element uses. */
    private static int[] unused(VatManifest m) {
        int[] rgb = new int[m.width() * m.height()];
        Arrays.fill(rgb, -1);
        return rgb;
    }

    /** @return {@code v} in {@code 0..1} as a byte value, rounded; outside clamped */
    static int channel(float v) {
        return Math.round(Math.max(0f, Math.min(1f, v)) * 255f);
    }

    /** @return the whole factor a texture of that size is enlarged by */
    static int scale(int width, int height) {
        int longer = Math.max(width, height);
        int s = Math.max(1, (MIN_LONG_SIDE + longer - 1) / longer);
        return Math.max(1, Math.min(s, MAX_SIDE / longer));
    }

    private static Picture enlarge(int width, int height, int[] rgb) {
        int s = scale(width, height);
        int w = width * s;
        int h = height * s;
        byte[] rgba = new byte[4 * w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int c = rgb[(y / s) * width + x / s];
                if (c != -1) {
                    int at = 4 * (y * w + x);
                    rgba[at] = (byte) (c >>> 16);
                    rgba[at + 1] = (byte) (c >>> 8);
                    rgba[at + 2] = (byte) c;
                    rgba[at + 3] = (byte) 0xff;
                }
            }
        }
        return new Picture(w, h, s, rgba);
    }

    private static void requireKind(VatManifest m, TextureKind kind) {
        if (m.kind() != kind) {
            throw new IllegalArgumentException("a " + m.kind().manifestName() + " texture, expected "
                    + kind.manifestName());
        }
    }
}

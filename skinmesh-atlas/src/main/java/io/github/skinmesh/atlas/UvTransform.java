package io.github.skinmesh.atlas;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * The affine map that takes a texture coordinate of a source image to the atlas page the image was
 * placed on: scale and offset into the placement's rectangle, the placement's 90-degree turn, the
 * {@linkplain VOrigin V-origin convention}, and optionally a baked repeat (the source's tiles
 * {@code [u0, u0 + tilesU) x [v0, v0 + tilesV)} composited side by side into the rectangle).
 *
 * <p>In top-left terms, with the placement at texel {@code (x, y)} of a {@code P x Q} page and the
 * source {@code W x H} texels (its size on the page before any turn), a source coordinate
 * {@code (u, v)} is the continuous texel position {@code (u W, v H)}, which lands at
 * {@code ((x + u W) / P, (y + v H) / Q)}; turned clockwise (see {@link Placement}) at
 * {@code ((x + H (1 - v)) / P, (y + u W) / Q)}. Texel centres therefore land on texel centres:
 * nearest sampling of the atlas at a remapped coordinate reads the texel the source would give, and
 * bilinear sampling reads the same four texels (the gutter, extruded from the rectangle's edge,
 * stands in for clamping at the source's border). With a repeat, {@code (u, v)} is first taken to
 * {@code ((u - u0) / tilesU, (v - v0) / tilesV)}. With {@link VOrigin#BOTTOM_LEFT} the map is
 * conjugated by {@code v -> 1 - v} on both sides.
 *
 * <p>Computed in double precision and rounded once to float per coordinate. Immutable and
 * thread-safe.
 */
public final class UvTransform {
    /** Largest number of tiles along one axis of a baked repeat. */
    public static final int MAX_TILES = 64;

    // atlas (in the caller's convention) = (a u + b v + c, d u + e v + f), u and v in the caller's convention
    private final double a;
    private final double b;
    private final double c;
    private final double d;
    private final double e;
    private final double f;

    private UvTransform(double a, double b, double c, double d, double e, double f) {
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
        this.e = e;
        this.f = f;
    }

    /**
     * The map of a placed image.
     *
     * @param placement where the image lies on its page
     * @param pageWidth the page's width in texels, at least {@code placement.x() + placement.width()}
     * @param pageHeight the page's height in texels, at least {@code placement.y() + placement.height()}
     * @param origin the convention of the coordinates mapped (and produced)
     * @return the map
     * @throws ValidationException when the rectangle leaves the page
     */
    public static UvTransform of(Placement placement, int pageWidth, int pageHeight, VOrigin origin) {
        return ofRepeat(placement, pageWidth, pageHeight, origin, 0, 0, 1, 1);
    }

    /**
     * The map of a placed image that holds {@code tilesU x tilesV} tiles of a repeating source, the tile
     * {@code (u0, v0)} at its top-left corner (tile {@code (i, j)} covers the source coordinates
     * {@code [i, i+1) x [j, j+1)}, in top-left terms).
     *
     * @param placement where the tiled image lies on its page
     * @param pageWidth the page's width in texels
     * @param pageHeight the page's height in texels
     * @param origin the convention of the coordinates mapped (and produced)
     * @param u0 the first tile column, in top-left terms
     * @param v0 the first tile row, in top-left terms (with {@link VOrigin#BOTTOM_LEFT}, a coordinate
     *     {@code v} lies in tile row {@code floor(1 - v)})
     * @param tilesU tile columns, {@code 1..}{@value #MAX_TILES}
     * @param tilesV tile rows, {@code 1..}{@value #MAX_TILES}
     * @return the map
     * @throws ValidationException when the rectangle leaves the page or a tile count is out of range
     */
    public static UvTransform ofRepeat(Placement placement, int pageWidth, int pageHeight, VOrigin origin, int u0,
            int v0, int tilesU, int tilesV) {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(origin, "origin");
        checkPage(placement, pageWidth, pageHeight);
        if (tilesU < 1 || tilesU > MAX_TILES || tilesV < 1 || tilesV > MAX_TILES) {
            throw new ValidationException("UvTransform: " + tilesU + "x" + tilesV + " tiles, expected 1.." + MAX_TILES
                    + " along each axis");
        }
        double pw = pageWidth;
        double ph = pageHeight;
        double w = placement.sourceWidth();
        double h = placement.sourceHeight();
        // source (top-left) -> atlas (top-left): s = ((u - u0) / tilesU, (v - v0) / tilesV)
        double su = 1.0 / tilesU;
        double sv = 1.0 / tilesV;
        double ou = -u0 * su;
        double ov = -v0 * sv;
        double a;
        double b;
        double c;
        double d;
        double e;
        double f;
        if (!placement.rotated()) {
            // U = (x + s_u W) / P, V = (y + s_v H) / Q
            a = w * su / pw;
            b = 0;
            c = (placement.x() + w * ou) / pw;
            d = 0;
            e = h * sv / ph;
            f = (placement.y() + h * ov) / ph;
        } else {
            // U = (x + H (1 - s_v)) / P, V = (y + s_u W) / Q
            a = 0;
            b = -h * sv / pw;
            c = (placement.x() + h * (1 - ov)) / pw;
            d = w * su / ph;
            e = 0;
            f = (placement.y() + w * ou) / ph;
        }
        if (origin == VOrigin.BOTTOM_LEFT) {
            // v_tl = 1 - v_in, and V_out = 1 - V_tl
            return new UvTransform(a, -b, c + b, -d, e, 1 - f - e);
        }
        return new UvTransform(a, b, c, d, e, f);
    }

    /**
     * The map that sends every coordinate to the centre of a placement's rectangle: for a part whose
     * material has no texture, whose rectangle holds one neutral colour.
     *
     * @param placement where the filled rectangle lies on its page
     * @param pageWidth the page's width in texels
     * @param pageHeight the page's height in texels
     * @param origin the convention of the coordinates produced
     * @return the constant map
     * @throws ValidationException when the rectangle leaves the page
     */
    public static UvTransform center(Placement placement, int pageWidth, int pageHeight, VOrigin origin) {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(origin, "origin");
        checkPage(placement, pageWidth, pageHeight);
        double u = (placement.x() + placement.width() / 2.0) / pageWidth;
        double v = (placement.y() + placement.height() / 2.0) / pageHeight;
        return new UvTransform(0, 0, u, 0, 0, origin == VOrigin.BOTTOM_LEFT ? 1 - v : v);
    }

    private static void checkPage(Placement p, int pageWidth, int pageHeight) {
        if (pageWidth < 1 || pageHeight < 1 || (long) p.x() + p.width() > pageWidth
                || (long) p.y() + p.height() > pageHeight) {
            throw new ValidationException("UvTransform: rectangle at (" + p.x() + ", " + p.y() + ") of " + p.width()
                    + "x" + p.height() + " leaves the page of " + pageWidth + "x" + pageHeight);
        }
    }

    /**
     * @param u source u
     * @param v source v
     * @return the atlas u
     */
    public float u(float u, float v) {
        return (float) (a * u + b * v + c);
    }

    /**
     * @param u source u
     * @param v source v
     * @return the atlas v
     */
    public float v(float u, float v) {
        return (float) (d * u + e * v + f);
    }

    /**
     * Maps {@code count} coordinate pairs. {@code src} and {@code dst} may be the same array at the same
     * offset (each pair is read before it is written). Allocates nothing.
     *
     * @param src {@code u, v} pairs, at least {@code srcOffset + 2*count} floats
     * @param srcOffset first float read
     * @param dst receives the mapped pairs, at least {@code dstOffset + 2*count} floats
     * @param dstOffset first float written
     * @param count pairs mapped
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when a range leaves its array
     */
    public float[] applyInto(float[] src, int srcOffset, float[] dst, int dstOffset, int count) {
        if (count < 0 || count > Integer.MAX_VALUE / 2) {
            throw new IndexOutOfBoundsException("applyInto: count " + count + ", expected 0.." + Integer.MAX_VALUE / 2);
        }
        Objects.checkFromIndexSize(srcOffset, 2 * count, src.length);
        Objects.checkFromIndexSize(dstOffset, 2 * count, dst.length);
        for (int i = 0; i < count; i++) {
            float u = src[srcOffset + 2 * i];
            float v = src[srcOffset + 2 * i + 1];
            dst[dstOffset + 2 * i] = (float) (a * u + b * v + c);
            dst[dstOffset + 2 * i + 1] = (float) (d * u + e * v + f);
        }
        return dst;
    }

    /**
     * Copies the map's six coefficients, for a caller that applies it elsewhere (a shader's texture
     * transform, a layout file): {@code u' = m[0] u + m[1] v + m[2]}, {@code v' = m[3] u + m[4] v + m[5]},
     * with {@code u}, {@code v} and the result in the convention the map was made for. Without a turn
     * {@code m[1]} and {@code m[3]} are 0, {@code (m[0], m[4])} is the scale and {@code (m[2], m[5])} the
     * offset. Allocates nothing.
     *
     * @param dst receives the coefficients, at least {@code offset + 6} doubles
     * @param offset first double written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short or {@code offset} negative
     */
    public double[] coefficientsInto(double[] dst, int offset) {
        Objects.checkFromIndexSize(offset, 6, dst.length);
        dst[offset] = a;
        dst[offset + 1] = b;
        dst[offset + 2] = c;
        dst[offset + 3] = d;
        dst[offset + 4] = e;
        dst[offset + 5] = f;
        return dst;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UvTransform t && Double.compare(a, t.a) == 0 && Double.compare(b, t.b) == 0
                && Double.compare(c, t.c) == 0 && Double.compare(d, t.d) == 0 && Double.compare(e, t.e) == 0
                && Double.compare(f, t.f) == 0;
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(new double[] {a, b, c, d, e, f});
    }

    @Override
    public String toString() {
        return "UvTransform[u' = " + a + " u + " + b + " v + " + c + ", v' = " + d + " u + " + e + " v + " + f + "]";
    }
}

package io.github.skinmesh.vat;

import io.github.skinmesh.core.internal.Angles;

/**
 * Encodes unit directions (normals, and tangents with their handedness) into texels and measures
 * the angle between what the shader decodes and the exact direction.
 *
 * <p>Float and half texels hold {@code (x, y, z, w)} with {@code w = 1} for a normal and the
 * handedness ({@code -1} when the tangent's {@code w} is below 0, else {@code +1}) for a tangent.
 * Normalized texels hold the octahedral encoding ({@link Octahedral}) in R and G, 0 in B, and in A
 * the largest integer for a normal, and 0 ({@code -1}) or the largest integer ({@code +1}) for a
 * tangent's handedness.
 *
 * <p>Mutable scratch; one per bake. Not thread-safe.
 */
final class DirectionCodec {
    private final VatEncoding encoding;
    private final int[] oct = new int[2];
    private final float[] scratch = new float[3];
    private final float[] texel = new float[4];
    private final float[] decoded = new float[4];
    /** Largest angle in radians so far, over directions of non-zero length. */
    private double maxAngle;
    private boolean any;

    DirectionCodec(VatEncoding encoding) {
        this.encoding = encoding;
    }

    /**
     * Encodes {@code count} directions, {@code stride} floats each from {@code src[0]} (3 for
     * normals; 4 for tangents, the fourth being {@code w}), as the texels from {@code firstTexel}.
     */
    void encode(float[] src, int stride, int count, byte[] dst, long firstTexel) {
        boolean tangents = stride == 4;
        int maxValue = encoding.maxValue();
        for (int i = 0; i < count; i++) {
            int s = stride * i;
            float x = src[s];
            float y = src[s + 1];
            float z = src[s + 2];
            boolean negative = tangents && src[s + 3] < 0;
            long t = firstTexel + i;
            if (encoding.isNormalized()) {
                Octahedral.encode(x, y, z, maxValue, oct, scratch);
                TexelCodec.putUnorms(dst, t, encoding, oct[0], oct[1], 0, negative ? 0 : maxValue);
            } else {
                TexelCodec.putFloats(dst, t, encoding, x, y, z, negative ? -1f : 1f);
            }
            if (x != 0 || y != 0 || z != 0) {
                TexelCodec.fetch(dst, t, encoding, texel, 0);
                VatDecoder.decodeNormal(encoding, texel, decoded, 0);
                maxAngle = Math.max(maxAngle, Angles.between(decoded, x, y, z));
                any = true;
            }
        }
    }

    /** @return the largest angle in degrees between a decoded and an exact direction, 0 when every one was zero */
    double maxErrorDegrees() {
        return any ? Math.toDegrees(maxAngle) : 0;
    }
}

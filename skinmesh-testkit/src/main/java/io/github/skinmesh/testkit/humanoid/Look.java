package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.testkit.SplitMix64;

/**
 * Colors of one generated character (sRGB components in 0..1), drawn from the seed: a skin tone
 * between light and dark, a natural hair color, and clothing colors.
 */
final class Look {
    private static final long STREAM = 0x434F4C4F55525321L;

    private static final float[][] SKIN = {{0.96f, 0.80f, 0.69f}, {0.88f, 0.67f, 0.53f}, {0.74f, 0.53f, 0.39f},
        {0.55f, 0.37f, 0.26f}, {0.36f, 0.23f, 0.16f}};
    private static final float[][] HAIR = {{0.09f, 0.07f, 0.06f}, {0.27f, 0.17f, 0.10f}, {0.45f, 0.30f, 0.17f},
        {0.80f, 0.66f, 0.42f}, {0.62f, 0.25f, 0.12f}, {0.62f, 0.62f, 0.60f}};
    private static final float[][] PANTS = {{0.16f, 0.24f, 0.42f}, {0.62f, 0.55f, 0.40f}, {0.12f, 0.12f, 0.13f},
        {0.30f, 0.34f, 0.25f}};
    private static final float[][] SHOES = {{0.10f, 0.09f, 0.09f}, {0.90f, 0.90f, 0.88f}, {0.40f, 0.25f, 0.14f},
        {0.55f, 0.12f, 0.10f}};

    final float[] skin;
    final float[] hair;
    final float[] shirt;
    final float[] pants;
    final float[] gloves;
    final float[] shoes;

    Look(long seed) {
        SplitMix64 r = new SplitMix64(seed ^ STREAM);
        skin = between(SKIN, r.nf());
        hair = jitter(HAIR[r.nextInt(0, HAIR.length - 1)], r, 0.04f);
        shirt = hsv(r.nf(), r.range(0.35f, 0.8f), r.range(0.45f, 0.9f));
        pants = jitter(PANTS[r.nextInt(0, PANTS.length - 1)], r, 0.05f);
        gloves = hsv(r.nf(), r.range(0.2f, 0.7f), r.range(0.3f, 0.8f));
        shoes = jitter(SHOES[r.nextInt(0, SHOES.length - 1)], r, 0.04f);
    }

    /** A point on the piecewise linear ramp through {@code ramp}, at {@code t} in [0, 1). */
    private static float[] between(float[][] ramp, float t) {
        float x = t * (ramp.length - 1);
        int i = Math.min((int) x, ramp.length - 2);
        float f = x - i;
        float[] c = new float[3];
        for (int k = 0; k < 3; k++) {
            c[k] = ramp[i][k] + f * (ramp[i + 1][k] - ramp[i][k]);
        }
        return c;
    }

    private static float[] jitter(float[] base, SplitMix64 r, float amount) {
        float[] c = new float[3];
        for (int k = 0; k < 3; k++) {
            c[k] = Math.min(1f, Math.max(0f, base[k] + r.range(-amount, amount)));
        }
        return c;
    }

    /** HSV (all in 0..1) to RGB. */
    static float[] hsv(float h, float s, float v) {
        float x = h * 6f;
        int sector = Math.min((int) x, 5);
        float f = x - sector;
        float p = v * (1 - s);
        float q = v * (1 - s * f);
        float t = v * (1 - s * (1 - f));
        switch (sector) {
            case 0:
                return new float[] {v, t, p};
            case 1:
                return new float[] {q, v, p};
            case 2:
                return new float[] {p, v, t};
            case 3:
                return new float[] {p, q, v};
            case 4:
                return new float[] {t, p, v};
            default:
                return new float[] {v, p, q};
        }
    }
}
